import Geometry
import Canvas
import Motion

/// Slow animations, as the iOS Simulator's Debug ▸ Slow Animations and GTK's
/// `GTK_SLOWDOWN`: the window's animation clock runs `factor` times slower than its frame
/// clock, so every timeline — transitions, their settles, scroll deceleration — takes
/// `factor` times longer in exact proportion. Input is not slowed: a gesture still follows
/// the pointer 1:1, and a release hands its velocity on in real time.
///
/// The clock is piecewise linear: changing the factor re-anchors it at the current time, so
/// a toggle in the middle of an animation changes its pace without a jump.
struct AnimationClock {
    /// Animation seconds per real second is 1 / factor (> 0, finite).
    private(set) var factor = 1.0
    private var anchorReal = 0.0
    private var anchorAnimation = 0.0

    /// Animation time at real time `real` (≥ the last anchor).
    func animationTime(at real: Double) -> Double {
        anchorAnimation + (real - anchorReal) / factor
    }

    /// Changes the factor from real time `real` on.
    mutating func setFactor(_ newFactor: Double, at real: Double) {
        precondition(newFactor > 0 && newFactor.isFinite, "the slow-animation factor must be finite and > 0")
        anchorAnimation = animationTime(at: real)
        anchorReal = real
        factor = newFactor
    }
}

/// The small "×5 slow" badge in the content's top-right corner while animations are slowed (the
/// bottom would cover a tab bar's labels; the top right of a navigation bar is usually free).
@MainActor
final class SlowAnimationsBadge: View {
    let label = Label(font: Font(size: 12, weight: .bold), color: .white, alignment: .center)

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(hex: 0xD35400).withAlpha(0.9)
        cornerRadius = 8
        isUserInteractionEnabled = false
        isHidden = true
        addSubview(label)
    }

    /// Shows the factor (hidden at 1) and places the badge 12 px from `area`'s right edge and
    /// 10 px below its top.
    func update(factor: Double, in area: Rect) {
        isHidden = factor == 1
        label.text = "×\(SlowAnimationsBadge.format(factor)) slow"
        let size = Size(width: 76, height: 24)
        frame = Rect(x: area.maxX - size.width - 12, y: area.minY + 10,
                     width: size.width, height: size.height)
        label.frame = bounds
    }

    /// "5", "2.5", "0.5": no trailing zeros.
    static func format(_ factor: Double) -> String {
        factor == factor.rounded() && abs(factor) < 1e9 ? String(Int(factor)) : String(factor)
    }
}

extension Window {
    /// The factor Ctrl+T toggles to (and back to 1), as the Simulator's Slow Animations.
    public static let slowAnimationsToggleFactor = 5.0

    /// XKB keysyms of Ctrl+T, the slow-animations toggle (xkbcommon-keysyms.h).
    static let keysymLowercaseT: UInt32 = 0x74
    static let keysymUppercaseT: UInt32 = 0x54

    /// Ctrl+T: slow animations ×5 on (or back to the launch factor when that is not 1), off.
    func handleSlowAnimationsKey(_ event: KeyEvent) -> Bool {
        guard event.modifiers.contains(.control), !event.isRepeat,
              event.key == .other(Window.keysymLowercaseT) || event.key == .other(Window.keysymUppercaseT)
        else { return false }
        animationSlowdown = animationSlowdown == 1 ? Window.slowAnimationsToggleFactor : 1
        return true
    }
}

extension Window {
    /// Reads a slow-animation factor (`--slow N`, `SEGUE_SLOWDOWN=N`): a finite number > 0,
    /// or nil for anything else ("0", "-2", "nan", "inf", "fast", "").
    nonisolated package static func parseSlowdown(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite, value > 0 else { return nil }
        return value
    }
}
