import Canvas
import Foundation

/// A few rows of every frame a compositor shows, in the order it showed them: the record the
/// frame-exact check compares with what the app meant, frame by frame, where one screenshot
/// would catch a wrong frame only by chance.
///
/// Every recorder answers the same three lines (``LineDriver``): `record start PATH Y1,Y2,…`,
/// `record count` (`ok N`) and `record stop` (`ok N`, the file at PATH complete: each frame
/// its rows in the order named, each row ``rowWidth`` pixels of R, G, B bytes). mutter's is its
/// ScreenCast stream read by `mutter-driver.py`; weston's the test module reading the output
/// back after every repaint (`segue-inject`); sway's `segue-screencopy-record` (wlroots'
/// screencopy with damage, one copy after the other).
public final class FrameRecorder {
    /// Who answers the commands, for messages.
    public let name: String
    /// Pixels in one recorded row: the output's width in device pixels.
    public let rowWidth: Int
    private let send: (String) throws -> String
    private let path: String
    private let pathForRecorder: String
    private var rowCount = 0

    /// - Parameters:
    ///   - path: where the recording lands, as this process sees it.
    ///   - pathForRecorder: the same file as the recorder sees it (inside a compositor root).
    ///   - send: sends one line to the recorder, returns its `ok …` answer, throws otherwise.
    public init(name: String, rowWidth: Int, path: String, pathForRecorder: String? = nil,
                send: @escaping (String) throws -> String) {
        self.name = name
        self.rowWidth = rowWidth
        self.path = path
        self.pathForRecorder = pathForRecorder ?? path
        self.send = send
    }

    /// Starts keeping `rows` (device pixels from the output's top) of every frame from now on.
    public func start(rows: [Int]) throws {
        try? FileManager.default.removeItem(atPath: path)
        _ = try send("record start \(pathForRecorder) \(rows.map(String.init).joined(separator: ","))")
        rowCount = rows.count
    }

    /// How many frames the recording has kept so far.
    public func count() throws -> Int {
        let reply = try send("record count")
        guard let count = Int(reply.dropFirst(3)) else { throw HarnessError("\(name): 'record count' → \(reply)") }
        return count
    }

    /// Ends the recording; its frames in the order shown, each the rows ``start(rows:)`` named
    /// (``rowWidth`` × 3 bytes a row).
    public func stop() throws -> [Data] {
        let reply = try send("record stop")
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw HarnessError("\(name) wrote no recording at \(path) ('record stop' → \(reply))")
        }
        let frameBytes = rowWidth * 3 * rowCount
        guard frameBytes > 0, bytes.count % frameBytes == 0 else {
            throw HarnessError("\(name): a recording of \(bytes.count) bytes is not whole frames of \(frameBytes)")
        }
        return stride(from: 0, to: bytes.count, by: frameBytes).map { bytes.subdata(in: $0..<($0 + frameBytes)) }
    }
}

/// A session whose compositor can record every frame it shows (``FrameRecorder``).
public protocol FrameRecordingSession: CompositorSession {
    /// The session's recorder (started on first use where it is a process of its own).
    func frameRecorder() throws -> FrameRecorder
    /// The screen with the pointer parked where it covers nothing of the app's, settled.
    func parkedScreenshot() throws -> Surface
}
