import Geometry

/// How the user wants motion, from the desktop's settings.
public struct MotionPreferences: Sendable, Equatable {
    /// "Reduce animation" (the portal's `reduced-motion`, UIKit's `isReduceMotionEnabled`):
    /// transitions that move or turn pages cross-fade instead, springs settle without overshoot;
    /// a gesture still follows the finger.
    public var reducesMotion: Bool
    /// False when the desktop turned animations off (GNOME's `enable-animations`): transitions
    /// that no gesture drives complete at the next frame; a gesture still follows the finger and
    /// a release goes straight to its end.
    public var animationsEnabled: Bool

    /// Preferences of these values: full motion by default.
    public init(reducesMotion: Bool = false, animationsEnabled: Bool = true) {
        self.reducesMotion = reducesMotion
        self.animationsEnabled = animationsEnabled
    }
}

/// How the user's pointer should be read, from the desktop's settings.
public struct InputPreferences: Sendable, Equatable {
    /// Two clicks closer than this (seconds) make a double click (GTK's 400 ms by default).
    public var doubleClickTime: Double
    /// How far (logical pixels) a press must move before it is a drag.
    public var dragThreshold: Double

    /// Preferences of these values: GTK's defaults.
    public init(doubleClickTime: Double = 0.4, dragThreshold: Double = 8) {
        self.doubleClickTime = doubleClickTime
        self.dragThreshold = dragThreshold
    }
}

/// Everything the desktop says about how the user wants the app, as the platform read it (the
/// settings portal under Wayland, environment overrides, or defaults). The core sees only this
/// meaning; where it came from is the platform's business.
public struct DesktopSettings: Sendable, Equatable {
    /// Style, contrast, accent and text size.
    public var traits: TraitCollection
    /// Reduced motion and animations on or off.
    public var motion: MotionPreferences
    /// Double-click time and drag threshold.
    public var input: InputPreferences
    /// The UI font's family, when the desktop names one ("Cantarell"); nil: the toolkit's.
    public var fontFamily: String?

    /// Settings of these values; the defaults are what a desktop that says nothing gets.
    public init(traits: TraitCollection = TraitCollection(), motion: MotionPreferences = MotionPreferences(),
                input: InputPreferences = InputPreferences(), fontFamily: String? = nil) {
        self.traits = traits
        self.motion = motion
        self.input = input
        self.fontFamily = fontFamily
    }
}
