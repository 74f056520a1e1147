@testable import SegueWayland
import Testing

/// The rate limit on lines about a peer's bad messages: a flood costs a few lines and a count.
@Suite struct RateLimitedLogTests {
    @Test func aFloodWritesTheBurstThenACountWithTheNextLineAllowed() {
        var log = RateLimitedLog(burst: 3, interval: 10)
        var written: [String] = []
        for index in 0..<5000 { written += log.lines(for: "bad \(index)", now: Double(index) * 0.0004) }
        #expect(written.count == 3, "\(written)")
        #expect(written.first == "bad 0")
        #expect(written.last?.hasPrefix("bad 2 (more within 10 s") == true)
        // The next interval: the count of those held back comes first.
        #expect(log.lines(for: "bad again", now: 12) == ["4997 more like it not logged", "bad again"])
    }

    @Test func linesSpacedOutAreAllWritten() {
        var log = RateLimitedLog(burst: 1, interval: 1)
        let written = (0..<5).flatMap { log.lines(for: "line \($0)", now: Double($0) * 2) }
        #expect(written.count == 5)
    }
}
