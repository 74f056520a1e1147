import Geometry
import Canvas
import Motion
import Segue

/// The motion plot: a translucent panel the window composites above everything (as the
/// focus ring), graphing the latest transition from a ``MotionRecording`` — progress 0…1
/// against time over the last two seconds, the drag drawn apart from the settle, the release
/// with a tangent of its velocity, the target the settle heads for, the commit/cancel decision
/// with the rule's reason, and for a tab switch an OKLab a–b inset with the colour's path.
///
/// A developer tool, like GTK Inspector or Android's GPU profile bars: it takes no input and
/// lays nothing out; being drawn by Segue, screenshots show it.
@MainActor
package final class MotionPlotView: View {
    /// The panel's size in logical pixels (narrower windows get a narrower panel).
    package static let panelSize = Size(width: 460, height: 260)
    /// Distance from the content area's top-right corner.
    package static let margin = 8.0

    static let background = Color(red: 0.07, green: 0.08, blue: 0.10, alpha: 0.88)
    static let text = Color(hex: 0xF2F2F7)
    static let dim = Color(red: 1, green: 1, blue: 1, alpha: 0.55)
    static let grid = Color(red: 1, green: 1, blue: 1, alpha: 0.14)
    /// The drag, the settle and an animation nobody dragged: three clearly different hues.
    static let interactive = Color(hex: 0x5AC8FA)
    static let settle = Color(hex: 0xFF9F0A)
    static let animated = Color(hex: 0xD1D1D6)
    static let commit = Color(hex: 0x30D158)
    static let cancel = Color(hex: 0xFF6961)

    let recording: MotionRecording
    private var drawnGeneration = -1

    init(recording: MotionRecording) {
        self.recording = recording
        super.init()
        isUserInteractionEnabled = false
    }

    /// True: the panel draws its chart.
    package override var drawsContent: Bool { true }

    /// Where the panel goes in a window whose content fills `content`: its top-right corner.
    static func frame(in content: Rect) -> Rect {
        let width = min(panelSize.width, max(0, content.width - 2 * margin))
        let height = min(panelSize.height, max(0, content.height - 2 * margin))
        return Rect(x: content.maxX - margin - width, y: content.minY + margin, width: width, height: height)
    }

    /// Redraws when the recording changed since the last drawing.
    func refresh() {
        guard recording.generation != drawnGeneration else { return }
        setNeedsDisplay()
    }

    // MARK: layout of the panel

    /// The chart's plotting rectangle in the panel's bounds.
    var chartRect: Rect {
        let insetWidth = recording.colorPath == nil ? 0 : Self.insetSide + 14
        return Rect(x: 40, y: 30, width: max(10, bounds.width - 52 - insetWidth), height: max(10, bounds.height - 30 - 62))
    }

    static let insetSide = 96.0

    /// The OKLab inset's square, right of the chart.
    var insetRect: Rect {
        Rect(x: bounds.width - 12 - Self.insetSide, y: chartRect.minY + 14, width: Self.insetSide, height: Self.insetSide)
    }

    /// The time at the chart's right edge: the latest sample, but at least enough for the
    /// transition's start to sit near the left edge (the chart fills from the left, then scrolls).
    var timeRange: ClosedRange<Double> {
        let latest = recording.samples.last?.time ?? recording.beganAt
        let end = max(latest, recording.beganAt + MotionRecording.span - 0.1)
        return (end - MotionRecording.span)...end
    }

    /// Progress runs a little past 0…1 so a spring's overshoot shows.
    static let progressRange = -0.1...1.1

    /// Where (time, progress) lands in the panel.
    func point(time: Double, progress: Double) -> Point {
        let chart = chartRect, range = timeRange, p = Self.progressRange
        let x = chart.minX + (time - range.lowerBound) / (range.upperBound - range.lowerBound) * chart.width
        let clamped = min(max(progress, p.lowerBound), p.upperBound)
        let y = chart.maxY - (clamped - p.lowerBound) / (p.upperBound - p.lowerBound) * chart.height
        return Point(x: x, y: y)
    }

    // MARK: drawing

    /// Draws the panel: the header, the axes, and the latest transition's progress, release,
    /// target and decision (or "no transition yet").
    package override func draw(in canvas: Canvas) {
        drawnGeneration = recording.generation
        canvas.fill(roundedRect: bounds, radius: 10, color: Self.background)
        guard bounds.width > 120, bounds.height > 110 else { return }
        drawHeader(canvas)
        drawAxes(canvas)
        guard recording.kind != nil else {
            label(canvas, "no transition yet", at: Point(x: chartRect.midX, y: chartRect.midY - 7), color: Self.dim, centred: true)
            return
        }
        canvas.save()
        canvas.clip(to: chartRect.insetBy(dx: -6, dy: -6))
        drawTarget(canvas)
        drawCurve(canvas)
        drawMarkers(canvas)
        canvas.restore()
        drawDecision(canvas)
        if let path = recording.colorPath { drawColorInset(canvas, path) }
    }

    private func drawHeader(_ canvas: Canvas) {
        let kind = (recording.kind.map { "\($0.rawValue): " } ?? "") + "progress over 2 s"
        label(canvas, kind, at: Point(x: 12, y: 8), color: Self.text, weight: .bold)
        var x = bounds.width - 12
        for (name, color) in [("settle", Self.settle), ("drag", Self.interactive)] {
            let layout = TextLayout(text: name, font: Font(size: 11))
            x -= layout.size.width
            canvas.drawText(layout, at: Point(x: x, y: 9), color: Self.dim)
            x -= 22
            canvas.fill(Rect(x: x, y: 15, width: 16, height: 3), color: color)
            x -= 10
        }
    }

    private func drawAxes(_ canvas: Canvas) {
        let chart = chartRect
        for progress in [0.0, 0.5, 1.0] {
            let y = point(time: timeRange.lowerBound, progress: progress).y
            canvas.fill(Rect(x: chart.minX, y: y - 0.5, width: chart.width, height: 1), color: Self.grid)
            label(canvas, progress == 0.5 ? "0.5" : String(Int(progress)), at: Point(x: chart.minX - 6, y: y - 7),
                  color: Self.dim, alignedRight: true)
        }
        // Seconds since the transition began, every half second.
        let range = timeRange
        var mark = (((range.lowerBound - recording.beganAt) * 2).rounded(.up)) / 2
        while recording.beganAt + mark <= range.upperBound + 1e-9 {
            let x = point(time: recording.beganAt + mark, progress: 0).x
            canvas.fill(Rect(x: x - 0.5, y: chart.minY, width: 1, height: chart.height), color: Self.grid)
            let text = mark == mark.rounded() ? "\(Int(mark)) s" : "\(Int(mark)).5"
            label(canvas, text, at: Point(x: x, y: chart.maxY + 3), color: Self.dim, centred: true)
            mark += 0.5
        }
    }

    /// After a release: the end the settle heads for, dashed, in the decision's colour.
    private func drawTarget(_ canvas: Canvas) {
        guard let release = recording.releases.last else { return }
        let target = release.commits ? 1.0 : 0.0
        let color = release.commits ? Self.commit : Self.cancel
        let start = point(time: release.time, progress: target)
        let end = chartRect.maxX
        var x = start.x
        while x < end {
            canvas.fill(Rect(x: x, y: start.y - 1, width: min(6, end - x), height: 2), color: color)
            x += 10
        }
        label(canvas, "target \(Int(target))", at: Point(x: end - 2, y: start.y + (release.commits ? 3 : -17)),
              color: color, alignedRight: true, size: 10)
    }

    private func drawCurve(_ canvas: Canvas) {
        let samples = recording.samples
        guard samples.count > 1 else {
            if let only = samples.first { dot(canvas, at: point(time: only.time, progress: only.progress), radius: 2.5, color: Self.color(of: only.phase)) }
            return
        }
        // One stroke per run of samples in the same phase; a run starts at the last point of the one before.
        var index = 1
        while index < samples.count {
            let phase = samples[index].phase
            var path = Path()
            path.move(to: point(time: samples[index - 1].time, progress: samples[index - 1].progress))
            while index < samples.count, samples[index].phase == phase {
                path.addLine(to: point(time: samples[index].time, progress: samples[index].progress))
                index += 1
            }
            canvas.stroke(path, color: Self.color(of: phase), lineWidth: phase == .interactive ? 2.5 : 2)
        }
    }

    private static func color(of phase: MotionRecording.Phase) -> Color {
        switch phase {
        case .interactive: interactive
        case .settle: settle
        case .animated: animated
        }
    }

    /// The release with its velocity as a tangent arrow, and the presses that caught a settle.
    private func drawMarkers(_ canvas: Canvas) {
        let chart = chartRect
        for time in recording.interruptions {
            let x = point(time: time, progress: 0).x
            canvas.fill(Rect(x: x - 1, y: chart.minY, width: 2, height: chart.height), color: Self.interactive.withAlpha(0.5))
        }
        for release in recording.releases {
            let at = point(time: release.time, progress: release.progress)
            // The tangent's direction in pixels: one second along, `velocity` up (unclamped,
            // unlike points, so a steep release keeps its true slope).
            let chart = chartRect, p = Self.progressRange
            let dx = chart.width / (timeRange.upperBound - timeRange.lowerBound)
            let dy = -release.velocity * chart.height / (p.upperBound - p.lowerBound)
            let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
            let tip = Point(x: at.x + dx / length * 44, y: at.y + dy / length * 44)
            arrow(canvas, from: at, to: tip, color: Self.text)
            dot(canvas, at: at, radius: 4, color: Self.text)
            dot(canvas, at: at, radius: 2.5, color: Self.interactive)
            let text = "v \(release.velocity >= 0 ? "+" : "")\(CommitRule.number(release.velocity))/s"
            // On the side the arrow does not point to, so the two never cross.
            label(canvas, text, at: Point(x: at.x + 8, y: at.y + (dy < 0 ? 7 : -21)), color: Self.text, weight: .bold)
        }
    }

    /// Under the chart: where it was released and what it decided, then how it ended.
    private func drawDecision(_ canvas: Canvas) {
        let y = chartRect.maxY + 20
        guard let release = recording.releases.last else {
            let text = recording.completed == nil ? "animating (no gesture)" : "animated, no gesture"
            label(canvas, text, at: Point(x: 12, y: y), color: Self.dim)
            return
        }
        let decision = release.commits ? "commit" : "cancel"
        var line = decision
        if let reason = release.reason { line += ": " + reason }
        label(canvas, line, at: Point(x: 12, y: y), color: release.commits ? Self.commit : Self.cancel, weight: .bold,
              size: 13, maxWidth: bounds.width - 24)
        var detail = "released at p \(CommitRule.number(release.progress)), v \(CommitRule.number(release.velocity))/s"
        switch recording.completed {
        case true?: detail += " · completed"
        case false?: detail += " · cancelled"
        case nil: detail += " · settling…"
        }
        label(canvas, detail, at: Point(x: 12, y: y + 19), color: Self.dim, maxWidth: bounds.width - 24)
    }

    /// The a–b plane of OKLab: both tab colours, the straight line the mix runs on, the
    /// colours the incoming tab showed, and the current one as a dot of itself.
    private func drawColorInset(_ canvas: Canvas, _ path: MotionRecording.ColorPath) {
        let box = insetRect
        label(canvas, "tab colour, OKLab a–b", at: Point(x: box.maxX, y: box.minY - 16), color: Self.dim,
              alignedRight: true, size: 10)
        label(canvas, "line: the mix · dot: now", at: Point(x: box.maxX, y: box.maxY + 4), color: Self.dim,
              alignedRight: true, size: 10)
        canvas.fill(roundedRect: box, radius: 4, color: Color(red: 1, green: 1, blue: 1, alpha: 0.06))
        let from = OKLab(path.from), to = OKLab(path.to)
        let labs = [from, to] + path.colors.map(OKLab.init)
        // Equal scale on both axes, the neutral axis (a = b = 0) always in view.
        let aValues = labs.map(\.a) + [0], bValues = labs.map(\.b) + [0]
        let centre = Point(x: (aValues.min()! + aValues.max()!) / 2, y: (bValues.min()! + bValues.max()!) / 2)
        let extent = max(aValues.max()! - aValues.min()!, bValues.max()! - bValues.min()!, 0.02) * 1.3
        let scale = box.width / extent
        func place(_ lab: OKLab) -> Point {
            // +b (yellow) up, as colour pickers draw it.
            Point(x: box.midX + (lab.a - centre.x) * scale, y: box.midY - (lab.b - centre.y) * scale)
        }
        let neutral = place(OKLab(L: 0, a: 0, b: 0))
        canvas.fill(Rect(x: box.minX, y: neutral.y - 0.5, width: box.width, height: 1), color: Self.grid)
        canvas.fill(Rect(x: neutral.x - 0.5, y: box.minY, width: 1, height: box.height), color: Self.grid)
        var line = Path()
        line.move(to: place(from))
        line.addLine(to: place(to))
        canvas.stroke(line, color: Self.dim, lineWidth: 1)
        if path.colors.count > 1 {
            var trail = Path()
            trail.move(to: place(OKLab(path.colors[0])))
            for color in path.colors.dropFirst() { trail.addLine(to: place(OKLab(color))) }
            canvas.stroke(trail, color: Self.text, lineWidth: 2)
        }
        for end in [path.from, path.to] {
            dot(canvas, at: place(OKLab(end)), radius: 5, color: Self.text)
            dot(canvas, at: place(OKLab(end)), radius: 4, color: end)
        }
        if let current = path.colors.last {
            dot(canvas, at: place(OKLab(current)), radius: 7, color: Self.text)
            dot(canvas, at: place(OKLab(current)), radius: 5.5, color: current)
        }
    }

    // MARK: primitives

    private func dot(_ canvas: Canvas, at centre: Point, radius: Double, color: Color) {
        canvas.fillEllipse(in: Rect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius), color: color)
    }

    private func arrow(_ canvas: Canvas, from: Point, to: Point, color: Color) {
        var shaft = Path()
        shaft.move(to: from)
        shaft.addLine(to: to)
        canvas.stroke(shaft, color: color, lineWidth: 1.5)
        // The head from the shaft's direction and its normal: 9 px long, 9 px wide.
        let dx = to.x - from.x, dy = to.y - from.y
        let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
        let ux = dx / length, uy = dy / length
        var head = Path()
        head.move(to: to)
        head.addLine(to: Point(x: to.x - 9 * ux - 4.5 * uy, y: to.y - 9 * uy + 4.5 * ux))
        head.addLine(to: Point(x: to.x - 9 * ux + 4.5 * uy, y: to.y - 9 * uy - 4.5 * ux))
        head.close()
        canvas.fill(head, color: color)
    }

    private func label(_ canvas: Canvas, _ text: String, at origin: Point, color: Color, weight: Font.Weight = .regular,
                       centred: Bool = false, alignedRight: Bool = false, size: Double = 11, maxWidth: Double? = nil) {
        let layout = TextLayout(text: text, font: Font(size: size, weight: weight), maxWidth: maxWidth, maxLines: maxWidth == nil ? 0 : 1)
        var x = origin.x
        if centred { x -= layout.size.width / 2 }
        if alignedRight { x -= layout.size.width }
        canvas.drawText(layout, at: Point(x: x, y: origin.y), color: color)
    }
}
