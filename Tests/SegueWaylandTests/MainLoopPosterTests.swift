import Foundation
@testable import SegueWayland
import Testing

/// Work posted from other threads reaches the main loop: the poster's fd wakes `poll`, the
/// loop's source runs the closures on the loop's thread in order, and a drained poster lets
/// the loop sleep again. (The test's main actor stands in for the main thread: under the test
/// runner they need not be the same thread, so the check is "the thread that ran the turn".)
@Suite struct MainLoopPosterTests {
    /// What the posted closures saw; touched only on the loop's thread, where they run.
    final class Record: @unchecked Sendable {
        var values: [Int] = []
        var loopThread = pthread_self()
        var allOnLoopThread = true
    }

    /// One turn of the loop as ``EventLoop`` takes it: sleep in `poll` until the source is
    /// readable (10 s at most, so a lost wake-up fails instead of hanging), then process it.
    @MainActor
    private func turn(_ source: PostedWorkSource, timeout: Int32 = 10_000) -> Bool {
        var fds = [pollfd(fd: source.fd, events: source.events, revents: 0)]
        guard poll(&fds, 1, timeout) == 1 else { return false }
        source.process()
        return true
    }

    @MainActor @Test func closuresPostedFromAnotherThreadRunOnTheLoopsThreadInOrder() {
        let poster = MainLoopPoster()
        let source = PostedWorkSource(poster)
        let record = Record()
        record.loopThread = pthread_self()
        #expect(!turn(source, timeout: 0), "nothing posted yet: the loop must be able to sleep")

        let posting = Thread {
            for index in 0..<200 {
                poster.post {
                    record.values.append(index)
                    if pthread_equal(pthread_self(), record.loopThread) == 0 { record.allOnLoopThread = false }
                }
            }
        }
        posting.start()
        while record.values.count < 200 {
            guard turn(source) else {
                Issue.record("the loop was not woken for \(200 - record.values.count) posted closures")
                return
            }
        }
        #expect(record.values == Array(0..<200))
        #expect(record.allOnLoopThread)
        #expect(poster.pendingCount == 0)
        // Drained: the fd no longer wakes the loop (no busy turns after the work ran).
        while turn(source, timeout: 0) {}
        #expect(!turn(source, timeout: 0))
    }

    @MainActor @Test func workPostedBeforeTheLoopRunsWaitsForItsFirstTurn() {
        let poster = MainLoopPoster()
        let record = Record()
        poster.post { record.values.append(1) }
        poster.post { record.values.append(2) }
        #expect(record.values.isEmpty, "posting never runs the work in place")
        #expect(turn(PostedWorkSource(poster), timeout: 0))
        #expect(record.values == [1, 2])
    }
}
