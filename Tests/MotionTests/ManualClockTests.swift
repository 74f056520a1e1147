import Testing
import Motion

@Suite("ManualClock")
struct ManualClockTests {
    @Test("ManualClock advances only when told")
    func manualClock() {
        let clock = ManualClock(now: 1)
        clock.advance(by: 0.25)
        #expect(clock.now == 1.25)
        let source: any TimeSource = clock
        #expect(source.now == 1.25)
    }
}
