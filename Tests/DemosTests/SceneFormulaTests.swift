import Geometry
import Canvas
@testable import Demos
import Motion
import Segue
import SegueTesting
import Testing

/// One assertion from the tutorial's own formula for the scenes that had none, on a manual
/// clock (times are seconds after the timeline's first frame):
///
/// - 000's slide (push, sheet): 0.5 s on UIKit's default curve,
///   ease-in-out (0.42, 0, 0.58, 1) — moves toView from an offset of the container's width
///   (navigation, tabs; its height for a modal) to identity while fromView moves to −offset
///   (the whole width: the tutorial has no parallax). A presentation moves only the presented
///   page.
/// - 000's custom container: the buttons' title colours follow the transition's progress,
///   which a pan sets to the distance moved over the width (the colour space is the project's
///   choice, OKLab, since the tutorial gives none; Motion's OKLab is pinned to reference values
///   in OKLabTests).
/// - 002's card flip: three equal cubic (ease-in-out) keyframes of the 0.6 s: the card turns
///   0 → −90°, the reveal page, in the card's rect with its rounded corners, +90° → 0, then it
///   grows to the window while its corner radius goes to 0; perspective m34 = −1/500.
///
/// Rects to 0.01 px, angles to 1e-6 rad.
@MainActor
@Suite("Scene formulas (tutorials 000, 002)")
struct SceneFormulaTests {
    static let easeInOut = TutorialCurves.easeInOut

    // MARK: navigation slide (000)

    @Test("slide push: the new page at W·(1 − e(t/0.5)), the old one at −W·e(t/0.5)")
    func slidePush() throws {
        let demo = DemoFixture()
        let list = demo.list
        demo.host.click(at: demo.rowPoint(1))
        demo.host.frame() // the timeline starts here (the click's release started the push)
        let detail = try #require(demo.navigation.activeTransition?.toViewController)
        let w = demo.navigation.containerView.bounds.width
        #expect(w == 400)
        var elapsed = 0.0
        for t in [0.1, 0.2, 0.3, 0.4] {
            demo.host.frame(after: t - elapsed)
            elapsed = t
            let e = Self.easeInOut(t / 0.5)
            #expect(abs(detail.view.transform.tx - w * (1 - e)) < 0.01, "new page at \(t) s: \(detail.view.transform.tx), expected \(w * (1 - e))")
            #expect(abs(list.view.transform.tx - -w * e) < 0.01, "old page at \(t) s: \(list.view.transform.tx), expected \(-w * e)")
            #expect(detail.view.transform.ty == 0 && list.view.transform.ty == 0)
        }
        demo.host.runFrames()
        #expect(detail.view.transform == .identity && list.view.transform == .identity)
    }

    // MARK: sheet (000's slide, vertical)

    @Test("sheet: presented from below at H·(1 − e(t/0.5)), dismissed to H·e(t/0.5); the presenter stays")
    func sheetSlidesVertically() throws {
        let size = Size(width: 800, height: 600)
        let page = ModalPage()
        let host = OffscreenWindow(root: page, size: size)
        page.presentSheet()
        host.frame()
        let sheet = try #require(page.presentedViewController?.view)
        var elapsed = 0.0
        for t in [0.1, 0.25, 0.4] {
            host.frame(after: t - elapsed)
            elapsed = t
            let e = Self.easeInOut(t / 0.5)
            #expect(abs(sheet.transform.ty - size.height * (1 - e)) < 0.01, "sheet at \(t) s: \(sheet.transform.ty), expected \(size.height * (1 - e))")
            #expect(sheet.transform.tx == 0 && page.view.transform == .identity, "only the presented page moves")
        }
        host.runFrames()
        #expect(sheet.transform == .identity)
        host.key(.escape)
        host.frame()
        elapsed = 0
        for t in [0.1, 0.25, 0.4] {
            host.frame(after: t - elapsed)
            elapsed = t
            let e = Self.easeInOut(t / 0.5)
            #expect(abs(sheet.transform.ty - size.height * e) < 0.01, "dismissing sheet at \(t) s: \(sheet.transform.ty), expected \(size.height * e)")
        }
        host.runFrames()
        #expect(page.presentedViewController == nil)
    }

    // MARK: custom container (000's finale)

    @Test("container pan to 30 %: pages at −0.3·W and 0.7·W, titles blended 30 % of the way")
    func containerPanBlendsTitles() throws {
        let container = try #require(ContainerTab.make() as? TopTabBarController)
        let host = OffscreenWindow(root: container, size: Size(width: 400, height: 300))
        let pages = container.viewControllers
        // 120 px of 400 to the left: progress 0.3 towards the next page.
        host.drag(from: Point(x: 300, y: 150), to: Point(x: 180, y: 150))
        let p = 0.3
        #expect(abs(pages[0].view.transform.tx - -p * 400) < 0.5 && abs(pages[1].view.transform.tx - (1 - p) * 400) < 0.5,
                "pages at \(pages[0].view.transform.tx), \(pages[1].view.transform.tx)")
        let outgoing = Color.mixOKLab(container.selectedColor, container.unselectedColor, p)
        let incoming = Color.mixOKLab(container.unselectedColor, container.selectedColor, p)
        #expect(OKLab.deltaE(container.buttons[0].tint, outgoing) < 0.01, "outgoing title \(container.buttons[0].tint), expected \(outgoing)")
        #expect(OKLab.deltaE(container.buttons[1].tint, incoming) < 0.01, "incoming title \(container.buttons[1].tint), expected \(incoming)")
        host.hold(for: 0.1)
        host.release()
        host.runFrames()
        #expect(container.selectedIndex == 0, "released at 30 % after a pause: back")
        #expect(container.buttons[0].tint == container.selectedColor && container.buttons[1].tint == container.unselectedColor)
    }

    // Card flip (002): the thirds, the angles, m34 = −1/500 about the container's centre and the
    // 0.6 s are pinned by CardFlipTests on the card page that now turns as a whole.
}
