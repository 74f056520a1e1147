import Foundation
import SegueTestKit
import Testing

/// The versions the real app binds each global at, read off its protocol log (`WAYLAND_DEBUG=1`)
/// in every compositor: the least of what the compositor announced (`wl_registry.global`) and
/// the most Segue may speak, which is the protocol version whose events it handles, capped where
/// the linked libwayland's interface table stops (its `wl_seat` is 8 in 1.21, Debian bookworm;
/// 9 from 1.23, whose `wl_pointer` has `axis_relative_direction`). Binding above the table is
/// a fatal unknown opcode at the first newer event; binding below forgoes what the newer
/// version gives (xdg-shell v6's `suspended`, wl_pointer v8's `axis_value120`).
@Suite(.serialized)
struct ProtocolVersionsE2ETests {
    /// The installed libwayland-client's version, from pkg-config (not from the app).
    static func libwaylandMinor() throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pkg-config")
        process.arguments = ["--modversion", "wayland-client"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".")
        return try #require(parts.count >= 2 ? Int(parts[1]) : nil, "pkg-config said \(text)")
    }

    /// The most the app may bind each global at (docs/PROTOCOLS.md): the protocol version whose
    /// events it handles, within libwayland's tables for the core interfaces.
    static func ceilings() throws -> [String: Int] {
        [
            "wl_compositor": 5,
            "wl_shm": 1,
            "wl_seat": try libwaylandMinor() >= 23 ? 9 : 8,
            "wl_output": 4,
            "wl_subcompositor": 1,
            "xdg_wm_base": 7,
            "zxdg_decoration_manager_v1": 1,
            "wp_presentation": 2,
            "wp_viewporter": 1,
            "wp_fractional_scale_manager_v1": 1,
            "zwp_pointer_gestures_v1": 3,
            "wp_cursor_shape_manager_v1": 2,
        ]
    }

    /// Checks every global the app binds: one bind per announced global of an interface it uses,
    /// at min(announced, ceiling); hold gestures need 3, so below that none.
    static func expectBestVersions(_ log: WaylandDebugLog, compositor: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ceilings = try ceilings()
        func unquoted(_ s: String) -> String { s.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        let announced = log.all("wl_registry", "global", sent: false).compactMap { m -> (name: Int, interface: String, version: Int)? in
            guard m.arguments.count >= 3, let name = m.int(0), let version = m.int(2) else { return nil }
            return (name, unquoted(m.arguments[1]), version)
        }
        let bound = Dictionary(log.all("wl_registry", "bind", sent: true).compactMap { m -> (Int, Int)? in
            guard m.arguments.count >= 3, let name = m.int(0), let version = m.int(2) else { return nil }
            return (name, version)
        }, uniquingKeysWith: { first, _ in first })
        var summary: [String] = []
        for global in announced {
            guard let ceiling = ceilings[global.interface] else { continue }
            let expected = min(global.version, ceiling)
            let wanted = global.interface == "zwp_pointer_gestures_v1" && expected < 3 ? nil : expected
            #expect(bound[global.name] == wanted,
                    "\(compositor): \(global.interface) announced at \(global.version), bound at \(String(describing: bound[global.name])), expected \(String(describing: wanted))",
                    sourceLocation: sourceLocation)
            summary.append("\(global.interface) \(global.version)→\(bound[global.name].map(String.init) ?? "-")")
        }
        print("measured: \(compositor) announced→bound: \(summary.joined(separator: ", "))")
        #expect(announced.contains { $0.interface == "wl_seat" }, "\(compositor) announced no seat", sourceLocation: sourceLocation)
    }

    @Test func weston() throws {
        let session = try HeadlessSession(options: .init(protocolLog: true))
        defer { session.stop() }
        try session.waitForApp()
        try Self.expectBestVersions(session.appProtocolLog, compositor: "weston")
    }

    @Test func sway() throws {
        let session = try SwaySession(options: .init(waylandDebug: true))
        defer { session.stop() }
        _ = try session.waitForApp()
        try Self.expectBestVersions(session.appProtocolLog, compositor: "sway")
    }

    @Test func mutter() throws {
        let session = try MutterSession(options: .init(waylandDebug: true))
        defer { session.stop() }
        _ = try session.waitForApp()
        try Self.expectBestVersions(session.appProtocolLog, compositor: "mutter")
    }

    @Test func kwin() throws {
        let session = try KWinSession()
        defer { session.stop() }
        try session.waitForApp()
        try Self.expectBestVersions(session.appProtocolLog, compositor: "kwin")
    }
}
