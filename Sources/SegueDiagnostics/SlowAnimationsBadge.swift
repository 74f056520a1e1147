import Geometry
import Canvas
import Segue

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

