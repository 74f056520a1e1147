import Foundation
@testable import SegueWayland
import Testing

/// `--stats` tells the main thread's CPU apart from the process's: a photo grid's decoders
/// burn CPU on worker threads, and a frame's cost must not be charged with theirs.
@MainActor
@Suite struct FrameStatsCPUTests {
    /// Reads the stats file's numbers.
    func fields(_ path: String) throws -> [String: Double] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Double])
    }

    @Test func workerCPUCountsForTheProcessNotForTheMainThread() throws {
        let path = NSTemporaryDirectory() + "frame-stats-cpu-\(getpid()).json"
        defer { unlink(path) }
        let stats = FrameStats(path: path, mainStart: 0, launchTime: nil)
        stats.onWriteFailure = { Issue.record(Comment(rawValue: $0)) }
        stats.write()
        let before = try fields(path)
        // A worker spins until its own clock says 300 ms of CPU: an amount of work, not of time,
        // whatever else the machine runs.
        let worker = Thread {
            var now = timespec()
            repeat { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) } while Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6 < 300
        }
        worker.start()
        // The main thread sleeps meanwhile: it spends (almost) nothing.
        while !worker.isFinished { usleep(2000) }
        stats.write()
        let after = try fields(path)
        let process = try #require(after["cpu_ms"]) - (try #require(before["cpu_ms"]))
        let main = try #require(after["main_thread_cpu_ms"]) - (try #require(before["main_thread_cpu_ms"]))
        #expect(process >= 290, "the worker's 300 ms are the process's")
        #expect(main < 100, "and not the main thread's (\(main) ms)")
        #expect(main >= 0)
    }
}
