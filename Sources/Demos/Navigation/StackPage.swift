import Geometry
import Canvas
import Motion
import Segue

/// How a page of the navigation demo is pushed.
public enum PushStyle: Sendable {
    /// Tutorial 000's slide.
    case slide
    /// Tutorial 003: the old page shrinks to 0.1 while the new one fades in; a drag left that
    /// starts in the right half pushes interactively, and leftward velocity at release decides.
    case scaleFade
    /// Tutorial 003: the pixelate dissolve on frame time.
    case pixelate
    /// Tutorial 003's gesture-driven variant: the dissolve follows a drag left.
    case pixelateDrag
}

/// A numbered page of a push style: drag left from its right half to push the next one.
@MainActor
public final class StackPage: ViewController {
    public let style: PushStyle
    public let depth: Int
    /// The drag that pushes the next page.
    public private(set) var pushSwipe: InteractiveSwipe?
    weak var transitions: NavigationTransitions?

    static let colors = [Color(hex: 0xE8F4FD), Color(hex: 0xFDEBD3), Color(hex: 0xE6F6EA), Color(hex: 0xF3E8FD)]
    static let accents = [Color(hex: 0x2F80ED), Color(hex: 0xF2994A), Color(hex: 0x27AE60), Color(hex: 0x9B51E0)]

    public init(style: PushStyle, depth: Int, transitions: NavigationTransitions?) {
        self.style = style
        self.depth = depth
        self.transitions = transitions
        super.init(title: "\(StackPage.name(style)) \(depth)")
    }

    static func name(_ style: PushStyle) -> String {
        switch style {
        case .slide: localized("Slide")
        case .scaleFade: localized("Scale and fade")
        case .pixelate: localized("Pixelate")
        case .pixelateDrag: localized("Pixelate by drag")
        }
    }

    public static func background(depth: Int) -> Color { colors[(depth - 1) % colors.count] }

    public override func loadView() {
        let accent = StackPage.accents[(depth - 1) % StackPage.accents.count]
        let badge = Label(text: "\(depth)", font: Font(size: 96, weight: .bold), color: accent, alignment: .center)
        let hint = Label(text: style == .pixelate ? localized("Tap Next to dissolve to page %d", depth + 1)
                                                  : localized("Drag left from the right half to push page %d", depth + 1),
                         font: Font(size: 15), color: Color(hex: 0x3A3A3C), alignment: .center)
        let next = Button(title: localized("Next"), font: Font(size: 16, weight: .medium), color: .white) { [weak self] in
            self?.pushNext(interactive: false)
        }
        next.fillColor = accent
        next.cornerRadius = 10
        // The dissolve pages carry a picture, so there is detail to pixelate.
        let picture: PictureView? = style == .pixelate || style == .pixelateDrag ? PictureView() : nil
        picture?.index = depth % Artwork.count
        picture?.cornerRadius = 12
        picture?.clipsToBounds = true
        let view = LayoutView { bounds in
            let top = picture == nil ? bounds.height * 0.25 : bounds.height * 0.42
            picture?.frame = Rect(x: bounds.midX - bounds.height * 0.25, y: 20,
                                  width: bounds.height * 0.5, height: bounds.height * 0.375)
            badge.frame = Rect(x: 0, y: top, width: bounds.width, height: 110)
            hint.frame = Rect(x: 20, y: top + 120, width: bounds.width - 40, height: 24)
            next.frame = Rect(x: bounds.midX - 60, y: top + 164, width: 120, height: 42)
        }
        view.backgroundColor = StackPage.background(depth: depth)
        if let picture { view.addSubview(picture) }
        view.addSubview(badge)
        view.addSubview(hint)
        view.addSubview(next)
        setView(view)
    }

    public override func viewDidLoad() {
        guard style != .pixelate else { return }
        let swipe = InteractiveSwipe(axis: .horizontal)
        // Tutorial 003: the direction of the release decides; the drag variant uses the toolkit's rule.
        swipe.commitRule = style == .scaleFade ? .direction : .standard
        swipe.swipeable = self
        view.addGestureRecognizer(swipe.recognizer)
        pushSwipe = swipe
    }

    @discardableResult
    private func pushNext(interactive: Bool) -> Bool {
        guard let navigation = navigationController, navigation.activeTransition == nil else { return false }
        let next = StackPage(style: style, depth: depth + 1, transitions: transitions)
        transitions?.drivingSwipe = interactive ? pushSwipe : nil
        defer { transitions?.drivingSwipe = nil }
        navigation.pushViewController(next, animated: true)
        return navigation.activeTransition != nil
    }
}

/// The push swipe: a page's width, leftwards, from a press in the right half (mirrored right to
/// left: rightwards, from the left half).
extension StackPage: Swipeable {
    /// Only leftwards, from a press in the right half, while nothing else runs.
    public func swipeShouldBegin(_ swipe: InteractiveSwipe, pan: PanGestureRecognizer) -> Bool {
        let start = view.transformToRoot.inverted()?.apply(to: pan.startLocation) ?? pan.startLocation
        let inTrailingHalf = view.isRightToLeft ? start.x < view.bounds.width / 2 : start.x >= view.bounds.width / 2
        return inTrailingHalf && isForward(pan.translation) && navigationController?.activeTransition == nil
    }

    /// A whole push is the page's width.
    public func swipeDistance(_ swipe: InteractiveSwipe) -> Double { view.bounds.width }

    /// Pushes the next page.
    public func swipe(_ swipe: InteractiveSwipe, beginTransitionFor translation: Point) -> Direction? {
        guard isForward(translation), pushNext(interactive: true) else { return nil }
        return view.isRightToLeft ? .right : .left
    }

    /// Whether a drag by `translation` heads the way a push goes: leftwards (rightwards, right to left).
    private func isForward(_ translation: Point) -> Bool {
        view.isRightToLeft ? translation.x > 0 : translation.x < 0
    }
}

/// The navigation demo's delegate: scale-and-fade and pixelate pushes; pops slide, except a
/// pixelated page dissolves back. The interaction controller is offered only while a page's
/// drag drives the push.
@MainActor
public final class NavigationTransitions: NavigationControllerDelegate {
    weak var drivingSwipe: InteractiveSwipe?

    public init() {}

    public func navigationController(_ navigationController: NavigationController,
                                     animationControllerFor operation: NavigationOperation,
                                     from: ViewController, to: ViewController) -> AnimatedTransitioning? {
        switch operation {
        case .push:
            guard let page = to as? StackPage else { return nil }
            switch page.style {
            case .slide: return nil
            case .scaleFade: return ScaleFadeAnimator()
            case .pixelate, .pixelateDrag: return PixelateAnimator()
            }
        case .pop:
            // Tutorial 003: the pop keeps the default slide (the pixelate pages dissolve back).
            if let page = from as? StackPage, page.style == .pixelate || page.style == .pixelateDrag {
                return PixelateAnimator()
            }
            return nil
        }
    }

    public func navigationController(_ navigationController: NavigationController,
                                     interactionControllerFor animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        drivingSwipe?.interactionController
    }
}

/// A navigation controller that owns its transitions delegate (the delegate reference is weak).
@MainActor
public final class DemoNavigationController: NavigationController {
    public let transitions = NavigationTransitions()

    public override init(rootViewController: ViewController) {
        super.init(rootViewController: rootViewController)
        delegate = transitions
    }
}
