import Geometry
import Segue
import SegueTesting
import Testing

/// Two fingers on a touchscreen pinch: the scale is their distance against the distance they
/// began at, the pinch is where the point between them is, and a second finger turns a
/// one-finger drag into the pinch instead of running both.
@MainActor
@Suite("Touch pinch")
struct TouchPinchTests {
    /// A window whose content view has a pinch and a pan, each recording its states.
    @MainActor final class Scene {
        let host: OffscreenWindow
        let pinch: PinchGestureRecognizer
        let pan: PanGestureRecognizer
        var pinchStates: [GestureRecognizer.State] = []
        var panStates: [GestureRecognizer.State] = []

        init(withPinch: Bool = true) {
            let page = ViewController()
            host = OffscreenWindow(root: page, size: Size(width: 400, height: 400))
            pinch = PinchGestureRecognizer()
            pan = PanGestureRecognizer(axis: .any)
            pinch.onChange = { [unowned self] in pinchStates.append($0.state) }
            pan.onChange = { [unowned self] in panStates.append($0.state) }
            if withPinch { page.view.addGestureRecognizer(pinch) }
            page.view.addGestureRecognizer(pan)
            host.layout()
        }
    }

    @Test func spreadingTwoFingersToTwiceTheirDistanceScalesByTwo() {
        let scene = Scene()
        scene.host.send(.touchDown(id: 1, Point(x: 150, y: 200)))
        scene.host.send(.touchDown(id: 2, Point(x: 250, y: 200)))
        #expect(scene.pinchStates == [.began])
        #expect(scene.pinch.startLocation == Point(x: 200, y: 200), "between the fingers")
        scene.host.send(.touchMotion(id: 1, Point(x: 100, y: 200)))
        scene.host.send(.touchMotion(id: 2, Point(x: 300, y: 200)))
        #expect(abs(scene.pinch.scale - 2) < 1e-9, "\(scene.pinch.scale)")
        // Both fingers move 40 down as they close to 50 apart: the pinch follows its middle.
        scene.host.send(.touchMotion(id: 1, Point(x: 175, y: 240)))
        scene.host.send(.touchMotion(id: 2, Point(x: 225, y: 240)))
        #expect(abs(scene.pinch.scale - 0.5) < 1e-9)
        #expect(scene.pinch.currentLocation == Point(x: 200, y: 240))
        scene.host.send(.touchUp(id: 2))
        #expect(scene.pinchStates.last == .ended)
        // The finger left behind starts nothing, and its lift ends nothing more.
        scene.host.send(.touchMotion(id: 1, Point(x: 120, y: 240)))
        scene.host.send(.touchUp(id: 1))
        #expect(scene.pinchStates.filter { $0 == .began }.count == 1)
        #expect(!scene.panStates.contains(.began))
    }

    @Test func aSecondFingerCancelsTheDragTheFirstBegan() {
        let scene = Scene()
        scene.host.send(.touchDown(id: 1, Point(x: 150, y: 200)))
        for step in 1...6 { scene.host.send(.touchMotion(id: 1, Point(x: 150 + Double(step) * 10, y: 200))) }
        #expect(scene.panStates.first == .began, "one finger drags")
        scene.host.send(.touchDown(id: 2, Point(x: 300, y: 200)))
        #expect(scene.panStates.last == .cancelled, "two fingers do not")
        #expect(scene.pinchStates == [.began])
        #expect(scene.pinch.startLocation == Point(x: 255, y: 200))
    }

    @Test func withoutAPinchUnderTheFingersASecondFingerOnlyCancels() {
        let scene = Scene(withPinch: false)
        scene.host.send(.touchDown(id: 1, Point(x: 150, y: 200)))
        for step in 1...6 { scene.host.send(.touchMotion(id: 1, Point(x: 150 + Double(step) * 10, y: 200))) }
        scene.host.send(.touchDown(id: 2, Point(x: 300, y: 200)))
        scene.host.send(.touchMotion(id: 2, Point(x: 320, y: 200)))
        scene.host.send(.touchUp(id: 2))
        scene.host.send(.touchUp(id: 1))
        #expect(scene.panStates.last == .cancelled)
        #expect(scene.pinchStates.isEmpty)
    }

    @Test func theCompositorTakingTheTouchesCancelsThePinch() {
        let scene = Scene()
        scene.host.send(.touchDown(id: 1, Point(x: 150, y: 200)))
        scene.host.send(.touchDown(id: 2, Point(x: 250, y: 200)))
        scene.host.send(.touchMotion(id: 2, Point(x: 300, y: 200)))
        scene.host.send(.touchCancel)
        #expect(scene.pinchStates.last == .cancelled)
        // A new touch afterwards is a fresh one-finger press.
        scene.host.send(.touchDown(id: 3, Point(x: 100, y: 100)))
        for step in 1...6 { scene.host.send(.touchMotion(id: 3, Point(x: 100 + Double(step) * 10, y: 100))) }
        #expect(scene.panStates.contains(.began))
    }

    @Test func aThirdFingerChangesNothing() {
        let scene = Scene()
        scene.host.send(.touchDown(id: 1, Point(x: 150, y: 200)))
        scene.host.send(.touchDown(id: 2, Point(x: 250, y: 200)))
        scene.host.send(.touchDown(id: 3, Point(x: 200, y: 300)))
        scene.host.send(.touchMotion(id: 3, Point(x: 200, y: 380)))
        scene.host.send(.touchMotion(id: 2, Point(x: 350, y: 200)))
        #expect(abs(scene.pinch.scale - 2) < 1e-9)
        #expect(scene.pinchStates.filter { $0 == .began }.count == 1)
    }

    /// A recognizer that waits for the scale to move is offered the pinch only past the 5 %
    /// slop, seeing which way it goes; one that refuses leaves it to the view around it.
    @Test func aWaitingPinchSeesTheDirectionAndCanLeaveItToItsParent() {
        let page = ViewController()
        let inner = View(frame: Rect(x: 50, y: 50, width: 300, height: 300))
        page.view.addSubview(inner)
        let host = OffscreenWindow(root: page, size: Size(width: 400, height: 400))
        let spread = PinchGestureRecognizer(), outer = PinchGestureRecognizer()
        spread.waitsForScaleChange = true
        var scaleAsked: Double?
        spread.shouldBegin = { recognizer in
            scaleAsked = (recognizer as? PinchGestureRecognizer)?.scale
            return ((recognizer as? PinchGestureRecognizer)?.scale ?? 1) > 1
        }
        var outerStates: [GestureRecognizer.State] = []
        outer.onChange = { outerStates.append($0.state) }
        inner.addGestureRecognizer(spread)
        page.view.addGestureRecognizer(outer)
        host.layout()
        host.move(to: Point(x: 200, y: 200))
        // In by 4 %: within the slop, nobody.
        host.send(.pinchBegin(fingers: 2))
        host.send(.pinchUpdate(scale: 0.96))
        #expect(scaleAsked == nil && outerStates.isEmpty)
        // In by 10 %: the inner one sees 0.9 and refuses; the outer one takes it.
        host.send(.pinchUpdate(scale: 0.9))
        #expect(scaleAsked == 0.9)
        #expect(outerStates == [.began, .changed] && abs(outer.scale - 0.9) < 1e-12)
        host.send(.pinchEnd(cancelled: false))
        #expect(outerStates.last == .ended)
        // Spread by 10 %: the inner one's.
        outerStates = []
        host.send(.pinchBegin(fingers: 2))
        host.send(.pinchUpdate(scale: 1.1))
        #expect(spread.state == .changed && outerStates.isEmpty)
        host.send(.pinchEnd(cancelled: false))
    }

    /// Without waiting (the default), a pinch begins as the fingers land: it can catch what
    /// they land on before they move.
    @Test func aPinchThatDoesNotWaitBeginsAsTheFingersLand() {
        let scene = Scene()
        scene.host.move(to: Point(x: 200, y: 200))
        scene.host.send(.pinchBegin(fingers: 2))
        #expect(scene.pinchStates == [.began])
        scene.host.send(.pinchEnd(cancelled: false))
    }
}
