import Geometry
import Canvas
import Motion
import Segue

/// What the motion plot (``MotionPlotView``) shows of the latest transition: its progress
/// frame by frame over the last ``span`` seconds, where the gesture let go and how fast, the
/// commit/cancel decision, and — for a tab switch — the incoming tab's colour on its OKLab path.
///
/// The window feeds it every ``TraceRecord`` (begin, release, interrupt, completion) and, at
/// each frame tick, the running transition's progress: the curve is what each frame showed.
/// All times are the window's frame clock — an event is placed at the frame it belongs to,
/// whatever clock the record itself is stamped with: a transition's start at the first frame
/// that ticks it (after an idle spell the latest frame is long past), later events at the
/// latest frame, which keeps coming while a gesture or an animation runs. It records whether or not the plot
/// shows, so turning the plot on after a transition still shows that transition.
@MainActor
package final class MotionRecording {
    /// Seconds of history kept and plotted.
    package static let span = 2.0

    /// Who moved the transition at a sample.
    package enum Phase: Sendable, Equatable {
        /// A gesture set the progress.
        case interactive
        /// Released: the settle after the gesture let go.
        case settle
        /// A transition no gesture drove (a click, a key).
        case animated
    }

    /// The transition's progress at one moment.
    package struct Sample: Sendable, Equatable {
        /// The frame's time (frame clock, seconds).
        package var time: Double
        /// The transition's fraction complete in that frame (a spring may overshoot 0…1).
        package var progress: Double
        /// Who moved it.
        package var phase: Phase
    }

    /// One let-go of the gesture and what it decided.
    package struct Release: Sendable, Equatable {
        /// The frame the gesture let go in (frame clock, seconds).
        package var time: Double
        /// The transition's fraction complete at the release.
        package var progress: Double
        /// Progress per second, positive towards commit.
        package var velocity: Double
        /// True when the transition goes on to its end, false when it goes back.
        package var commits: Bool
        /// Why, by the commit rule of the gesture that let go; nil when that rule is unknown.
        package var reason: String?
    }

    /// The incoming tab's colour during a tab switch: it runs from ``from`` to ``to`` on a
    /// straight line in OKLab.
    package struct ColorPath: Sendable, Equatable {
        /// The incoming tab's colour before the switch (the unselected colour).
        package var from: Color
        /// Its colour once the switch completes (the selected colour).
        package var to: Color
        /// The incoming button's colour at each sample, oldest first; the last is the current one.
        package var colors: [Color]
    }

    /// The transition's kind; nil before the first transition.
    package private(set) var kind: TransitionKind?
    /// When it began (frame clock).
    package private(set) var beganAt = 0.0
    /// Progress samples over the last ``span`` seconds, oldest first, one per time.
    package private(set) var samples: [Sample] = []
    /// Every let-go, oldest first (a press during the settle and a new release add one).
    package private(set) var releases: [Release] = []
    /// When presses caught the settle.
    package private(set) var interruptions: [Double] = []
    /// The outcome once the transition completed: true at its end, false back at its start.
    package private(set) var completed: Bool?
    /// The tab colours, for a tab switch.
    package private(set) var colorPath: ColorPath?
    /// Bumped whenever anything above changes, so the plot redraws only then.
    package private(set) var generation = 0

    private weak var context: TransitionContext?
    /// Between a begin and the first frame that ticks the transition: its records wait for
    /// that frame's time.
    private var waitsForFirstFrame = false
    private var waiting: [(record: TraceRecord, reason: String?)] = []
    private var beginProgress: (progress: Double, phase: Phase) = (0, .animated)
    private weak var incomingButton: TabButton?
    /// A colour sample every frame of a long drag would grow without end: the path is a line.
    private static let maximumColors = 240

    /// Starts empty; the window feeds it.
    package init() {}

    /// Takes in one trace record; `time` is the latest frame's (frame clock) and `running`
    /// are the window's transitions at that moment.
    package func record(_ record: TraceRecord, at time: Double, running: [TransitionContext]) {
        if record.event == .begin {
            start(record, context: running.last { $0.kind == record.kind })
            return
        }
        // Drag updates show up in the next frame's sample: that is when the screen showed them.
        guard record.kind == kind, record.event != .update, context != nil || waitsForFirstFrame else { return }
        // The gesture that decided wrote its reason into the record.
        let reason = record.reason
        if waitsForFirstFrame {
            waiting.append((record, reason))
        } else {
            apply(record, reason: reason, at: max(time, beganAt))
        }
    }

    private func apply(_ record: TraceRecord, reason: String?, at time: Double) {
        switch record.event {
        case .begin, .update:
            return
        case .finish, .cancel:
            let commits = record.event == .finish
            let velocity = record.velocity ?? 0
            releases.append(Release(time: time, progress: record.progress, velocity: velocity, commits: commits,
                                    reason: reason))
            // The gesture's last word, at the frame it lets go in.
            add(time, record.progress, phase: .interactive)
        case .interrupt:
            interruptions.append(time)
            add(time, record.progress, phase: .settle)
        case .complete:
            completed = record.completed
            add(time, record.progress, phase: releases.isEmpty ? .animated : .settle)
            sampleColor()
            context = nil
        }
        generation += 1
    }

    /// Samples the running transition at a frame tick.
    package func sample(at time: Double) {
        if waitsForFirstFrame {
            waitsForFirstFrame = false
            beganAt = time
            add(time, beginProgress.progress, phase: beginProgress.phase)
            sampleColor()
            generation += 1
            for (record, reason) in waiting { apply(record, reason: reason, at: time) }
            waiting = []
        }
        guard let context, !context.isComplete, let timeline = context.timeline else { return }
        let phase: Phase = context.isInteractive ? .interactive : releases.isEmpty ? .animated : .settle
        let before = samples.last
        add(time, timeline.fractionComplete, phase: phase)
        let colors = colorPath?.colors.count
        sampleColor()
        if samples.last != before || colorPath?.colors.count != colors { generation += 1 }
    }

    private func start(_ record: TraceRecord, context: TransitionContext?) {
        kind = record.kind
        waitsForFirstFrame = true
        waiting = []
        samples = []
        releases = []
        interruptions = []
        completed = nil
        colorPath = nil
        incomingButton = nil
        self.context = context
        if let context, let tabs = Self.tabbedContainer(of: context), tabs.buttons.indices.contains(tabs.selectedIndex) {
            // The container selects the new index before the transition runs: that button comes in.
            incomingButton = tabs.buttons[tabs.selectedIndex]
            colorPath = ColorPath(from: tabs.unselectedColor, to: tabs.selectedColor, colors: [])
        }
        beginProgress = (record.progress, record.interactive ? .interactive : .animated)
        generation += 1
    }

    /// Appends a sample (replacing one at the same time) and drops what left the window.
    private func add(_ time: Double, _ progress: Double, phase: Phase) {
        let sample = Sample(time: time, progress: progress, phase: phase)
        if let last = samples.last, last.time >= time {
            samples[samples.count - 1] = Sample(time: last.time, progress: progress, phase: phase)
        } else {
            samples.append(sample)
        }
        let oldest = (samples.last?.time ?? time) - Self.span
        if let first = samples.firstIndex(where: { $0.time >= oldest }), first > 0 {
            samples.removeFirst(first)
        }
    }

    private func sampleColor() {
        guard let button = incomingButton, colorPath != nil else { return }
        if colorPath?.colors.last != button.tint { colorPath?.colors.append(button.tint) }
        if let count = colorPath?.colors.count, count > Self.maximumColors {
            colorPath?.colors.removeFirst(count - Self.maximumColors)
        }
    }

    // MARK: where the data comes from

    /// The tab container running `context`, if it is a tab switch.
    private static func tabbedContainer(of context: TransitionContext) -> TabbedContainerController? {
        for controller in [context.toViewController.parent, context.fromViewController.parent] {
            if let tabs = controller as? TabbedContainerController, tabs.activeTransition === context { return tabs }
        }
        return nil
    }
}
