import Motion

/// One recorded property change: a view's value animated from `from` to `to`.
@MainActor
struct PropertyAnimation {
    /// Which property of which view (keyframes of one group that change the same property chain).
    struct Key: Hashable {
        let view: ObjectIdentifier
        let keyPath: AnyKeyPath
    }

    let apply: (Double) -> Void
    /// The view whose property this is (for the window an animation outside a transition runs in).
    weak var view: View?
    /// The property's identity; nil for a composed animation.
    let key: Key?

    /// An animation made of others (a property's keyframes), applied by `apply`.
    init(view: View?, apply: @escaping (Double) -> Void) {
        self.view = view
        self.apply = apply
        key = nil
    }

    init<Value: Interpolatable>(view: View, keyPath: ReferenceWritableKeyPath<View, Value>, from: Value, to: Value) {
        self.view = view
        key = Key(view: ObjectIdentifier(view), keyPath: keyPath)
        apply = { [weak view] fraction in
            view?[keyPath: keyPath] = Value.interpolate(from: from, to: to, fraction: fraction)
        }
    }
}

/// Collects the property changes made inside an animation block, as `UIView.animate` does:
/// the block states the end values; the recorder turns each change into a from→to animation
/// and puts the start values back.
@MainActor
enum AnimationRecorder {
    private static var stack: [[PropertyAnimation]] = []

    /// Set while start values are put back: those assignments are not changes to record (in a
    /// nested capture, a keyframe inside a keyframe group, they would land in the outer one).
    private static var isRestoring = false

    static func record(_ animation: PropertyAnimation) {
        guard !stack.isEmpty, !isRestoring else { return }
        stack[stack.count - 1].append(animation)
    }

    /// Runs `changes` without recording them (values put back or chained, not changes).
    static func withoutRecording(_ changes: () -> Void) {
        let was = isRestoring
        isRestoring = true
        changes()
        isRestoring = was
    }

    /// Runs `changes`, returning the animations they describe, with every property back at its
    /// start value.
    static func capture(_ changes: () -> Void) -> [PropertyAnimation] {
        stack.append([])
        changes()
        let recorded = stack.removeLast()
        // Reverse order restores the earliest start value when one property changed twice.
        withoutRecording {
            for animation in recorded.reversed() { animation.apply(0) }
        }
        return recorded
    }
}
