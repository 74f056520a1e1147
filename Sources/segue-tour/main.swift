import Geometry
import ArgumentParser
import Canvas
import Foundation
import Motion
import SegueCommandLine
import SegueTestKit

/// segue-tour: the headless tour. Starts a private headless weston with the test plugin, runs
/// the real segue-demo in it, plays every demo with injected pointer drags, and writes the
/// mid-transition frames and a contact sheet to artifacts/tour/.
struct TourOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue-tour",
        abstract: "The headless tour: every demo played with injected drags in a private headless weston.",
        discussion: "Writes the mid-transition frames and a contact sheet to artifacts/tour/ (what `make demo` runs without a Wayland session).",
        version: segueVersion)
}

_ = TourOptions.parseOrExitWithOneLine()
let outputDirectory = Paths.artifacts + "/tour"

struct Scene {
    let name: String
    let title: String
    let play: (HeadlessSession) throws -> Surface
}

/// Clicks a bottom tab and waits for the switch to settle.
func openTab(_ tab: DemoTab, _ session: HeadlessSession) throws {
    try session.click(at: DemoLayout.tabButton(tab))
    _ = try session.parkedScreenshot()
}

/// Presses at `from`, drags to `to`, and captures while the drag is held.
func heldDrag(_ session: HeadlessSession, from: Point, to: Point) throws -> Surface {
    try session.move(to: from, afterMs: 100)
    try session.press()
    try session.drag(to: to)
    let shot = try session.stableScreenshot()
    try session.drag(to: from, steps: 6)
    try session.release(afterMs: 120)
    _ = try session.parkedScreenshot()
    return shot
}

/// Clicks `open` to show a page, captures a drag on it held from `from` to `to`, then leaves
/// the page with `leave`.
func heldDrag(opening open: Point, from: Point, to: Point, leave: @escaping (HeadlessSession) throws -> Void)
    -> (HeadlessSession) throws -> Surface
{
    { session in
        try session.click(at: open)
        _ = try session.parkedScreenshot()
        let shot = try heldDrag(session, from: from, to: to)
        try leave(session)
        _ = try session.parkedScreenshot()
        return shot
    }
}

/// Leaves a pushed page by its Back button.
func back(_ session: HeadlessSession) throws { try session.click(at: DemoLayout.backButton) }

/// Leaves a presented page with Esc.
func escape(_ session: HeadlessSession) throws {
    try session.type(.escape)
}

/// Clicks the Navigation list's last row, the predictive back switch (scrolled to and back).
func switchPredictiveBack(_ session: HeadlessSession) throws {
    try session.move(to: Point(x: 400, y: 300), afterMs: 100)
    try session.wheel(clicks: 40)
    _ = try session.parkedScreenshot()
    try session.click(at: Point(x: 400, y: DemoLayout.windowSize.height - DemoLayout.tabBarHeight - 28))
    try session.move(to: Point(x: 400, y: 300), afterMs: 100)
    try session.wheel(clicks: -40)
    _ = try session.parkedScreenshot()
}

let scenes: [Scene] = [
    Scene(name: "list", title: "Navigation: the list") { session in try session.parkedScreenshot() },
    Scene(name: "pop-held", title: "Interactive pop held at 40 %",
          play: heldDrag(opening: DemoLayout.row(0), from: Point(x: 5, y: 300), to: Point(x: 320, y: 300), leave: back)),
    Scene(name: "pop-anywhere", title: "Pop from anywhere held at 40 %",
          play: heldDrag(opening: DemoLayout.row(0), from: Point(x: 200, y: 300), to: Point(x: 520, y: 300), leave: back)),
    Scene(name: "predictive-back", title: "Predictive back held at 40 %") { session in
        try switchPredictiveBack(session)
        let shot = try heldDrag(opening: DemoLayout.row(0), from: Point(x: 200, y: 300), to: Point(x: 520, y: 360),
                                leave: back)(session)
        try switchPredictiveBack(session)
        return shot
    },
    Scene(name: "zoom", title: "Zoom: a picture held 60 px right and 150 px down") { session in
        // The Zoom row is the list's last but one, above the predictive back switch.
        try session.move(to: Point(x: 400, y: 300), afterMs: 100)
        try session.wheel(clicks: 40)
        _ = try session.parkedScreenshot()
        try session.click(at: Point(x: 400, y: DemoLayout.windowSize.height - DemoLayout.tabBarHeight - 28 - 56))
        _ = try session.parkedScreenshot()
        let shot = try heldDrag(opening: DemoLayout.galleryCell(0).center, from: Point(x: 400, y: 300),
                                to: Point(x: 460, y: 450), leave: back)(session)
        // From the grid back to the list, settled before the wheel (a transition takes no wheel).
        try back(session)
        _ = try session.parkedScreenshot()
        try session.move(to: Point(x: 400, y: 300), afterMs: 100)
        try session.wheel(clicks: -40)
        _ = try session.parkedScreenshot()
        return shot
    },
    Scene(name: "scale-fade", title: "Scale and fade push (003) dragged to 25 %",
          play: heldDrag(opening: DemoLayout.row(1), from: Point(x: 600, y: 300), to: Point(x: 400, y: 300), leave: back)),
    Scene(name: "pixelate", title: "Pixelate dissolve (003) dragged to 50 %",
          play: heldDrag(opening: DemoLayout.row(3), from: Point(x: 700, y: 300), to: Point(x: 300, y: 300), leave: back)),
    Scene(name: "tab-swipe", title: "Tab swipe at 50 %: colours mix in OKLab") { session in
        try heldDrag(session, from: Point(x: 600, y: 300), to: Point(x: 200, y: 300))
    },
    Scene(name: "sheet-drag", title: "Sheet dragged down 25 %") { session in
        try openTab(.modal, session)
        return try heldDrag(opening: DemoLayout.sheetButton, from: Point(x: 400, y: 200), to: Point(x: 400, y: 350),
                            leave: escape)(session)
    },
    Scene(name: "overlay", title: "Overlay (000): panel over 50 % dimming") { session in
        try session.click(at: DemoLayout.overlayButton)
        let shot = try session.parkedScreenshot()
        try escape(session)
        _ = try session.parkedScreenshot()
        return shot
    },
    Scene(name: "card-flip", title: "Card flip (002) dragged back to 50 %") { session in
        // The Modal page's card opens the card page; its card (centred) flips.
        try session.click(at: DemoLayout.modalCard)
        _ = try session.parkedScreenshot()
        let shot = try heldDrag(opening: DemoLayout.flipCard, from: Point(x: 5, y: 300), to: Point(x: 105, y: 300),
                                leave: escape)(session)
        try escape(session)
        _ = try session.parkedScreenshot()
        return shot
    },
    Scene(name: "expand", title: "Expand from icon (004) dragged down 30 %",
          play: heldDrag(opening: DemoLayout.modalIcon, from: Point(x: 400, y: 150), to: Point(x: 400, y: 330), leave: escape)),
    Scene(name: "gallery", title: "Gallery") { session in
        try openTab(.gallery, session)
        return try session.parkedScreenshot()
    },
    Scene(name: "gallery-zoom", title: "Flat zoom: a drag on the picture held at 30 %",
          play: heldDrag(opening: DemoLayout.galleryCell(0).center, from: Point(x: 100, y: 296), to: Point(x: 340, y: 296), leave: back)),
    Scene(name: "container-swipe", title: "Custom container swipe at 50 %") { session in
        try openTab(.container, session)
        return try heldDrag(session, from: Point(x: 600, y: 300), to: Point(x: 200, y: 300))
    },
]

do {
    let session = try HeadlessSession(width: 800, height: 600)
    defer { session.stop() }
    try session.waitForApp()
    try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
    var sheet = ContactSheet()
    for scene in scenes {
        let shot = try scene.play(session)
        try shot.writePNG(to: "\(outputDirectory)/\(scene.name).png")
        sheet.add(shot, title: scene.title)
        print("tour: \(scene.title)")
    }
    let path = "\(outputDirectory)/contact-sheet.png"
    try sheet.render().writePNG(to: path)
    print("tour: \(sheet.count) frames; contact sheet written to \(path)")
} catch {
    FileHandle.standardError.write(Data("segue-tour: \(error)\n".utf8))
    exit(1)
}
