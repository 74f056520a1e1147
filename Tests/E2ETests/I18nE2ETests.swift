import Geometry
import Canvas
import Foundation
import Motion
import Segue
import SegueTestKit
import Testing

/// segue-demo in the user's language, in headless weston: Hebrew (right to left) and French
/// (longer strings) from the catalogues `make translations` compiles into `.build/locale`, and
/// English for a language without one.
@Suite(.serialized)
struct I18nE2ETests {
    private func start(_ environment: [String: String], width: Int = 800, height: Int = 600) throws -> HeadlessSession {
        let session = try HeadlessSession(width: width, height: height, options: .init(environment: environment))
        try session.waitForApp()
        return session
    }

    @Test func look() throws {
        for (name, env) in [("he", ["LANG": "he_IL.UTF-8"]), ("fr", ["LANG": "fr_FR.UTF-8"])] {
            let session = try start(env)
            session.keep(try session.parkedScreenshot(), as: "i18n-look-\(name)")
            try session.click(at: DemoLayout.row(0))
            try session.waitForTrace([.complete], count: 1)
            session.keep(try session.parkedScreenshot(), as: "i18n-look-\(name)-pushed")
            session.stop()
        }
    }
}
