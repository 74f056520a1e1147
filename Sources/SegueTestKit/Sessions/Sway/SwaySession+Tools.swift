import Geometry
import Foundation
import Motion

// sway's command-line tools (swaymsg, wtype), and the app's window read off sway's tree.
extension SwaySession {
    /// Runs a tool to completion (killed after `timeout`); its status and stdout+stderr.
    @discardableResult
    static func run(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                    timeout: Double = 10) -> (status: Int32, output: String) {
        // Output to a file, read after the exit: a pipe nobody reads could block the tool.
        let outputPath = NSTemporaryDirectory() + "segue-sway-tool-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        FileManager.default.createFile(atPath: outputPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        guard let output = FileHandle(forWritingAtPath: outputPath) else { return (-1, "cannot create \(outputPath)") }
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, "\(error)") }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        if process.isRunning {
            process.terminate()
            usleep(100_000)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return (process.terminationStatus, text)
    }

    /// `swaymsg COMMAND`: throws unless sway reports success.
    @discardableResult
    public func swaymsg(_ command: String) throws -> String {
        let result = SwaySession.run(tools.swaymsg, [command], environment: toolEnvironment)
        guard result.status == 0 else { throw HarnessError("swaymsg '\(command)' failed (\(result.status)): \(result.output)") }
        return result.output
    }

    /// `swaymsg -t TYPE` (raw JSON).
    public func swaymsg(type: String) throws -> String {
        let result = SwaySession.run(tools.swaymsg, ["-r", "-t", type], environment: toolEnvironment)
        guard result.status == 0 else { throw HarnessError("swaymsg -t \(type) failed (\(result.status)): \(result.output)") }
        return result.output
    }

    /// `wtype ARGS` (e.g. `["-M", "alt", "-k", "Left", "-m", "alt"]`). wtype's virtual keyboard
    /// exists only while wtype runs, and a client binds its wl_keyboard only when the seat
    /// announces the keyboard: wtype waits `settleMs` (its `-s`) before typing, so that the
    /// app has its wl_keyboard, keymap and focus when the keys come (without it, on a loaded
    /// machine the keys can be sent before the app has a wl_keyboard, and are lost).
    public func wtype(_ arguments: [String], settleMs: Int = 250) throws {
        let result = SwaySession.run(tools.wtype, ["-s", "\(settleMs)"] + arguments, environment: toolEnvironment)
        guard result.status == 0 else { throw HarnessError("wtype \(arguments) failed (\(result.status)): \(result.output)") }
    }

    /// Where sway shows the app: the window (client area) and its title bar, in layout
    /// (logical) pixels, from `get_tree`.
    public struct WindowGeometry: Sendable, CustomStringConvertible {
        /// The client area: the app's window geometry as placed by sway.
        public var content: Rect
        /// The title bar drawn by sway (zero height when sway draws none).
        public var titleBar: Rect
        /// The container: title bar, borders and content.
        public var frame: Rect
        public var border: Int
        public var description: String { "content \(content), title bar \(titleBar), frame \(frame), border \(border)" }
    }

    /// The app's window in `get_tree`, or nil while it is not mapped.
    public func window() throws -> WindowGeometry? {
        let json = try swaymsg(type: "get_tree")
        guard let tree = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw HarnessError("get_tree is not a JSON object")
        }
        func find(_ node: [String: Any]) -> [String: Any]? {
            if node["app_id"] as? String == SwaySession.appID { return node }
            let children = (node["nodes"] as? [[String: Any]] ?? []) + (node["floating_nodes"] as? [[String: Any]] ?? [])
            for child in children { if let hit = find(child) { return hit } }
            return nil
        }
        guard let node = find(tree) else { return nil }
        func rect(_ key: String) -> Rect {
            let r = node[key] as? [String: Any] ?? [:]
            func v(_ k: String) -> Double { (r[k] as? NSNumber)?.doubleValue ?? 0 }
            return Rect(x: v("x"), y: v("y"), width: v("width"), height: v("height"))
        }
        // sway's IPC: `rect` is the container below its title bar (absolute), `window_rect` the
        // client area relative to `rect`, `deco_rect` the title bar relative to the parent.
        let outer = rect("rect"), inner = rect("window_rect"), deco = rect("deco_rect")
        let content = Rect(x: outer.minX + inner.minX, y: outer.minY + inner.minY, width: inner.width, height: inner.height)
        let titleBar = Rect(x: outer.minX, y: outer.minY - deco.height, width: outer.width, height: deco.height)
        let frame = Rect(x: outer.minX, y: outer.minY - deco.height, width: outer.width, height: outer.height + deco.height)
        let border = (node["current_border_width"] as? NSNumber)?.intValue ?? 0
        return WindowGeometry(content: content, titleBar: titleBar, frame: frame, border: border)
    }

    /// The window once sway shows it (waits up to `timeout`).
    public func waitForWindow(timeout: Double = 10) throws -> WindowGeometry {
        var geometry: WindowGeometry?
        try waitFor("the app's window in sway's tree", timeout: timeout) {
            guard self.app?.isRunning == true else { return true }
            geometry = try? self.window()
            return geometry != nil
        }
        guard app?.isRunning == true, let geometry else { throw HarnessError("segue-demo exited: \(appLog.suffix(2000))") }
        return geometry
    }
}
