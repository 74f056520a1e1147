import Geometry
import Demos
import Motion
import Segue
import SegueTestKit
import SegueTesting
import Testing

/// The e2e harness names the demo's places (SegueTestKit's ``DemoLayout``) with numbers it
/// cannot read off the main actor: here the demo is laid out offscreen at the harness's window
/// size, and each named place must hit what it names.
@MainActor
@Suite("The harness's demo layout")
struct DemoLayoutTests {
    let tabs = DemoApp.makeRoot() as! TabBarController
    let host: OffscreenWindow

    init() { host = OffscreenWindow(root: tabs, size: DemoLayout.windowSize) }

    /// Whether a click at `point` reaches `view` (or a view inside it).
    func hits(_ point: Point, _ view: View?) -> Bool {
        guard let view, let hit = host.window.rootView.hitTest(point) else { return false }
        return hit.isDescendant(of: view)
    }

    @Test func theBarHeightsAreSegues() {
        #expect(DemoLayout.navigationBarHeight == NavigationBar.height)
        #expect(DemoLayout.tabBarHeight == TabBarController.barHeight)
    }

    @Test func eachTabButtonPointHitsItsButton() {
        #expect(tabs.buttons.count == DemoTab.allCases.count)
        for tab in DemoTab.allCases {
            #expect(hits(DemoLayout.tabButton(tab), tabs.buttons[tab.rawValue]), "\(tab)")
        }
    }

    @Test func rowsAndTheBackButton() throws {
        let navigation = try #require(tabs.viewControllers[DemoTab.navigation.rawValue] as? NavigationController)
        let list = try #require(navigation.viewControllers.first as? ListPage)
        for index in 0..<4 {
            let row = try #require(list.scrollView.contentView.subviews[index] as? Control)
            #expect(row.convert(row.bounds, to: nil) == DemoLayout.rowFrame(index), "row \(index)")
            #expect(DemoLayout.rowFrame(index).midY == DemoLayout.row(index).y)
            #expect(hits(DemoLayout.row(index), list.view))
        }
        host.click(at: DemoLayout.row(0))
        host.runFrames()
        #expect(navigation.viewControllers.count == 2)
        #expect(hits(DemoLayout.backButton, navigation.navigationBar.backButton))
    }

    @Test func theModalTabsButtonsCardAndIcon() throws {
        tabs.select(DemoTab.modal.rawValue, animated: false)
        host.layout()
        let modal = try #require(tabs.viewControllers[DemoTab.modal.rawValue] as? ModalPage)
        let sheet = host.window.rootView.hitTest(DemoLayout.sheetButton) as? Button
        #expect(sheet?.titleLabel.text == "Sheet (slide up)")
        let overlay = host.window.rootView.hitTest(DemoLayout.overlayButton) as? Button
        #expect(overlay?.titleLabel.text == "Overlay (custom presentation)")
        #expect(DemoLayout.sheetButtonFrame == sheet?.frame)
        #expect(DemoLayout.overlayButtonFrame == overlay?.frame)
        #expect(DemoLayout.modalCardFrame == ModalPage.cardFrame)
        #expect(DemoLayout.modalIconFrame == ModalPage.iconFrame)
        #expect(hits(DemoLayout.modalCard, modal.card))
        #expect(hits(DemoLayout.modalIcon, modal.icon))
    }

    @Test func theFlipCardOnItsPage() {
        #expect(DemoLayout.flipCard == FlipCardPage.cardFrame(in: Rect(size: DemoLayout.windowSize)).center)
    }
}
