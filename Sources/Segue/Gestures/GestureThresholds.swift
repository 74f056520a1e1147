import Motion

/// Every distance and time that decides what a press, a drag or a scroll means, in one table.
/// The recognizers, the input router and ``InteractiveSwipe`` read their defaults here; the
/// figures and where they come from are in docs/MOTION.md. Distances are logical pixels.
public enum GestureThresholds {
    // MARK: starting a gesture

    /// How far a press must move along a pan's axis before the pan begins, and how far a tap
    /// may wander before it fails: 8 px (Android's touch slop; libadwaita waits for 16).
    public static let slop = 8.0
    /// How far a press may wander and still be a click on the control under it: 8 px.
    public static let clickSlop = 8.0
    /// How close to the window's edge a screen-edge pan (the interactive pop) must start:
    /// 20 px (Flutter's back-swipe edge).
    public static let edgeWidth = 20.0
    /// The longest press that is still a tap, in seconds: 0.8 s.
    public static let tapMaximumDuration = 0.8

    /// How far a pinch's scale must move, either way, before a pinch recognizer that waits for
    /// it (``PinchGestureRecognizer/waitsForScaleChange``) begins: 5 % (two fingers 300 px apart
    /// move 15 px, about Android's span slop of twice its touch slop). Until then nobody can
    /// tell a spread from a pinch in, and a view may want only one.
    public static let pinchSlop = 0.05

    // MARK: touchpad

    /// Touchpad scroll units that make one page of a swipe: a two-finger scroll of ≈ 400 units
    /// drives a transition across a whole window width (libadwaita's touchpad base distance).
    public static let scrollUnitsPerPage = 400.0
    /// Ctrl+scroll (the desktop's zoom): this many px of scrolling up double a pinch's scale.
    public static let ctrlScrollPerDoubling = 100.0
    /// Fingers resting on the touchpad (a hold) catch a settling transition from this many on:
    /// 2, as libadwaita's swipe tracker.
    public static let holdMinimumFingers = 2

    // MARK: letting go

    /// How a release decides between finishing and going back: a flick of at least
    /// 0.5 widths per second goes its way, otherwise the nearer end wins (`CommitRule.standard`).
    public static let commitRule = CommitRule.standard
    /// The velocity at release is a least-squares fit over this many seconds of motion:
    /// 0.1 s (`VelocityTracker.horizon`).
    public static let velocityHorizon = VelocityTracker.horizon
    /// A pause this long before release, in seconds, means the pointer stopped (velocity 0):
    /// 0.04 s (`VelocityTracker.pauseThreshold`).
    public static let velocityPause = VelocityTracker.pauseThreshold

    // MARK: past the ends

    /// A tab swipe dragged past either end resists: `x` px beyond the end move the page
    /// `x / (1 + x / L)` px, L = 10 px (docs/MOTION.md target 6, libadwaita's figure), so it never
    /// goes more than 10 px past (``InteractiveSwipe/rubberBandLimit``).
    public static let rubberBandLimit = 10.0

    // MARK: the header bar

    /// The pointer must move this far from a press on the header bar before the window moves
    /// (GTK's drag threshold), so that clicks still click: 8 px.
    public static let windowDragThreshold = 8.0
    /// Two presses within this many seconds and ``doubleClickDistance`` px are a double click
    /// (GTK's defaults): 0.4 s.
    public static let doubleClickTime = 0.4
    /// See ``doubleClickTime``: 5 px.
    public static let doubleClickDistance = 5.0
}
