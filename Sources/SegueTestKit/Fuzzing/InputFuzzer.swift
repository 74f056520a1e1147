import Foundation

/// A seeded, deterministic stream of hostile-but-possible input for `segue-inject`: pointer
/// moves inside and outside the output, buttons 1–3 in any order (double downs, stray ups),
/// touch with several ids (duplicate downs, stray ups), scrolling from every axis source, keys
/// and chords, with timestamps that stall, jump, go backwards and wrap around 2³², played in
/// bursts of tens to hundreds of events with pauses between them.
///
/// The stream ends by letting go of everything it still holds (keys, buttons, touches, a
/// touchpad scroll), so what follows it starts from rest. It never presses Ctrl+Q (the app
/// quits, as GTK apps do) nor Super or Backspace (weston's own bindings).
public struct InputFuzzer {
    /// What the stream is made of.
    public struct Configuration: Sendable {
        public var seed: UInt64
        /// Input events (not counting pauses and batch markers) before the release tail.
        public var events: Int
        /// The output's size: moves and touches fall inside it, or up to 60 px beyond.
        public var width: Int
        public var height: Int
        public init(seed: UInt64, events: Int = 5000, width: Int = 800, height: Int = 600) {
            self.seed = seed
            self.events = events
            self.width = width
            self.height = height
        }
    }

    /// Linux evdev codes of the keys the stream types: Esc, Tab, Enter, Space, the arrows,
    /// Home, End, Page Up/Down, F11, A.
    public static let keys = ([.escape, .tab, .enter, .space, .up, .left, .right, .down, .home, .end, .pageUp, .pageDown, .f11, .a]
        as [EvdevKey]).map(\.rawValue)
    /// Left Ctrl, left Shift, left Alt, right Ctrl.
    public static let modifiers = ([.leftControl, .leftShift, .leftAlt, .rightControl] as [EvdevKey]).map(\.rawValue)
    /// The chords: Ctrl+Tab, Ctrl+Shift+Tab, Shift+Tab, Alt+Left, Alt+Right, Ctrl+Esc, Alt+Enter, Ctrl+A.
    public static let chords = ([[.leftControl, .tab], [.leftControl, .leftShift, .tab], [.leftShift, .tab], [.leftAlt, .left],
                                 [.leftAlt, .right], [.leftControl, .escape], [.leftAlt, .enter], [.leftControl, .a]] as [[EvdevKey]])
        .map { $0.map(\.rawValue) }
    /// Where the stream's clock starts: 20 s before the 32-bit millisecond timestamps wrap.
    public static let startTime: UInt32 = UInt32.max - 20_000

    private let config: Configuration
    private var random: FuzzRandom
    private var lines: [String] = []
    private var eventCount = 0
    private var clock: UInt32 = InputFuzzer.startTime
    private var burstLeft = 0
    private var pointer = (x: 100.0, y: 100.0)
    // What weston believes is held: released at the end.
    private var heldButtons: [Int: Int] = [:]
    private var westonButtonCount = 0
    private var heldTouches: Set<Int> = []
    private var westonTouchCount = 0
    private var heldKeys: Set<Int> = []
    private var fingerScrolling = false

    private init(_ config: Configuration) {
        self.config = config
        random = FuzzRandom(seed: config.seed)
    }

    /// The stream for `config`: the same lines for the same configuration, on every machine.
    public static func script(_ config: Configuration) -> FuzzScript {
        var fuzzer = InputFuzzer(config)
        fuzzer.generate()
        return FuzzScript(seed: config.seed, width: config.width, height: config.height,
                          events: fuzzer.eventCount, lines: fuzzer.lines)
    }

    private enum Action: CaseIterable {
        case wander, click, drag, edgeSwipe, strayButton, touch, multiTouch, strayTouch, scroll, key, chord, heldKey
    }

    private mutating func generate() {
        lines.append("batch on")
        burstLeft = random.int(5...80)
        while eventCount < config.events {
            let action = random.weighted([
                (Action.wander, 18), (.click, 12), (.drag, 10), (.edgeSwipe, 6), (.strayButton, 4), (.touch, 10),
                (.multiTouch, 4), (.strayTouch, 3), (.scroll, 12), (.key, 10), (.chord, 7), (.heldKey, 4),
            ])
            perform(action)
            if burstLeft <= 0 {
                // The end of a burst: everything in it processed, then a pause.
                lines.append("batch off")
                lines.append("sleep \(random.weighted([(random.int(10...60), 3), (random.int(60...300), 1)]))")
                lines.append("batch on")
                burstLeft = random.int(5...80)
            }
        }
        lines.append("batch off")
        releaseEverything()
    }

    private mutating func perform(_ action: Action) {
        switch action {
        case .wander:
            for _ in 0..<random.int(1...20) { move(to: point()) }
        case .click:
            move(to: point())
            let button = randomButton()
            press(button)
            if random.chance(0.2) { move(to: nudge()) }
            release(button)
        case .drag:
            drag(from: point(), button: random.chance(0.8) ? 272 : randomButton())
        case .edgeSwipe:
            // From the left edge, where an interactive pop begins.
            drag(from: (random.double(-20...14), random.double(40...Double(config.height - 40))), button: 272)
        case .strayButton:
            // A down or an up nobody expects: a double down, or an up with nothing held.
            let button = randomButton()
            if random.chance(0.5) { press(button) } else { release(button) }
        case .touch:
            touchStroke(id: random.int(0...3))
        case .multiTouch:
            multiTouch()
        case .strayTouch:
            let id = random.int(0...3)
            if random.chance(0.5) { touchDown(id, at: point()) } else { touchUp(id) }
        case .scroll:
            scroll()
        case .key:
            let key = random.element(Self.keys)
            keyEvent(key, down: true)
            keyEvent(key, down: false)
        case .chord:
            let chord = random.element(Self.chords)
            for key in chord { keyEvent(key, down: true) }
            // Let go in either order, as hands do.
            for key in random.chance(0.5) ? chord.reversed() : chord { keyEvent(key, down: false) }
        case .heldKey:
            // A modifier or key pressed now and released some actions later (or at the end).
            let key = random.element(Self.modifiers + Self.keys)
            keyEvent(key, down: !heldKeys.contains(key))
        }
    }

    // MARK: gestures

    private mutating func drag(from start: (x: Double, y: Double), button: Int) {
        move(to: start)
        press(button)
        let steps = random.int(3...40)
        let dx = random.double(-30...60), dy = random.double(-20...20)
        for _ in 0..<steps { move(to: (pointer.x + dx + random.double(-5...5), pointer.y + dy + random.double(-5...5))) }
        // Most drags end; some stay held into whatever comes next.
        if random.chance(0.85) { release(button) }
    }

    private mutating func touchStroke(id: Int) {
        var at = point()
        touchDown(id, at: at)
        for _ in 0..<random.int(0...30) {
            at = (at.x + random.double(-25...50), at.y + random.double(-20...20))
            emit("touch motion \(id) \(format(at.x)) \(format(at.y))")
        }
        if random.chance(0.9) { touchUp(id) }
    }

    private mutating func multiTouch() {
        let ids = Array(0...random.int(1...3))
        var points = ids.map { _ in point() }
        for (id, p) in zip(ids, points) { touchDown(id, at: p) }
        for _ in 0..<random.int(2...20) {
            for (index, id) in ids.enumerated() {
                points[index] = (points[index].x + random.double(-20...20), points[index].y + random.double(-20...20))
                emit("touch motion \(id) \(format(points[index].x)) \(format(points[index].y))")
            }
        }
        for id in random.chance(0.5) ? ids.reversed() : ids { touchUp(id) }
    }

    private mutating func scroll() {
        let source = random.element(["wheel", "finger", "continuous", "wheel-tilt"])
        for _ in 0..<random.int(1...15) {
            let axis = random.chance(0.7) ? "vertical" : "horizontal"
            let value = random.weighted([(random.double(-60...60), 8), (0.0, 1), (random.double(-2000...2000), 1)])
            emit("axis-source \(source) \(axis) \(format(value))")
        }
        fingerScrolling = source == "finger"
        if fingerScrolling, random.chance(0.7) {
            emit("finger-stop \(random.chance(0.7) ? "vertical" : "horizontal")")
            fingerScrolling = false
        }
    }

    // MARK: single events (with what weston then believes is held)

    private mutating func move(to p: (x: Double, y: Double)) {
        // weston clamps to the output; the pointer model follows that.
        pointer = (min(max(p.x, 0), Double(config.width - 1)), min(max(p.y, 0), Double(config.height - 1)))
        emit("motion \(format(p.x)) \(format(p.y))")
    }

    private mutating func press(_ button: Int) {
        heldButtons[button, default: 0] += 1
        westonButtonCount += 1
        emit("button \(button) down")
    }

    private mutating func release(_ button: Int) {
        if let held = heldButtons[button] { heldButtons[button] = held > 1 ? held - 1 : nil }
        westonButtonCount -= 1
        emit("button \(button) up")
    }

    private mutating func touchDown(_ id: Int, at p: (x: Double, y: Double)) {
        heldTouches.insert(id)
        westonTouchCount += 1
        emit("touch down \(id) \(format(p.x)) \(format(p.y))")
    }

    private mutating func touchUp(_ id: Int) {
        heldTouches.remove(id)
        // weston ignores an up with no touch down ("unmatched touch up").
        westonTouchCount = max(westonTouchCount - 1, 0)
        emit("touch up \(id)")
    }

    private mutating func keyEvent(_ key: Int, down: Bool) {
        if down { heldKeys.insert(key) } else { heldKeys.remove(key) }
        emit("key \(key) \(down ? "down" : "up")")
    }

    /// Lets go of everything, on a clock that only moves forward: keys, buttons, touches, and
    /// a touchpad scroll in progress.
    private mutating func releaseEverything() {
        for key in heldKeys.sorted() { keyEvent(key, down: false) }
        for (button, count) in heldButtons.sorted(by: { $0.key < $1.key }) {
            for _ in 0..<count { release(button) }
        }
        // Double downs leave weston counting presses no button holds: as many ups again. (Stray
        // ups take its unsigned count below zero instead; with one surface under the pointer
        // that changes nothing, and a compensating press would be a press the app sees.)
        while westonButtonCount > 0 { release(272) }
        for id in heldTouches.sorted() { touchUp(id) }
        while westonTouchCount > 0 { touchUp(0) }
        if fingerScrolling { emit("finger-stop vertical") }
        for axis in ["vertical", "horizontal"] { emit("finger-stop \(axis)") }
    }

    /// Appends one input event with the next timestamp.
    private mutating func emit(_ command: String) {
        advanceClock(forwardOnly: eventCount >= config.events)
        lines.append("\(command) \(clock)")
        eventCount += 1
        burstLeft -= 1
    }

    // MARK: the timestamp model

    /// Mostly 1–16 ms apart; sometimes the same instant (stall), a long gap, a jump of up to a
    /// minute, or a step back of up to two seconds. Wraps around 2³² like the real thing.
    private mutating func advanceClock(forwardOnly: Bool) {
        enum Step { case normal, stall, gap, jump, back }
        let step = forwardOnly ? Step.normal
            : random.weighted([(Step.normal, 72), (.stall, 10), (.gap, 8), (.jump, 3), (.back, 7)])
        switch step {
        case .normal: clock &+= UInt32(random.int(1...16))
        case .stall: break
        case .gap: clock &+= UInt32(random.int(17...400))
        case .jump: clock &+= UInt32(random.int(1000...60_000))
        case .back: clock &-= UInt32(random.int(1...2000))
        }
    }

    // MARK: places

    /// A point inside the output (85 %) or up to 60 px outside it.
    private mutating func point() -> (x: Double, y: Double) {
        let w = Double(config.width), h = Double(config.height)
        if random.chance(0.85) { return (random.double(0...(w - 1)), random.double(0...(h - 1))) }
        return (random.double(-60...(w + 60)), random.double(-60...(h + 60)))
    }

    private mutating func nudge() -> (x: Double, y: Double) {
        (pointer.x + random.double(-6...6), pointer.y + random.double(-6...6))
    }

    /// BTN_LEFT, BTN_RIGHT or BTN_MIDDLE, left the likeliest.
    private mutating func randomButton() -> Int { random.weighted([(272, 6), (273, 2), (274, 2)]) }

    private func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
