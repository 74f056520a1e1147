import Testing
import Motion

@Suite("CommitRule")
struct CommitRuleTests {
    /// docs/MOTION.md target 2, with velocities in widths (progress) per second.
    @Test("standard rule meets target 2")
    func target2() {
        let rule = CommitRule.standard
        // At 20 %, a flick of ≥ 0.5 widths/s towards commit completes.
        for v in [0.5, 0.8, 3.0, 20.0] { #expect(rule.shouldCommit(progress: 0.2, velocity: v)) }
        #expect(rule.shouldCommit(progress: 0.02, velocity: 0.5))
        // At 60 %, a flick of ≥ 0.5 widths/s back cancels.
        for v in [-0.5, -0.8, -3.0] { #expect(!rule.shouldCommit(progress: 0.6, velocity: v)) }
        #expect(!rule.shouldCommit(progress: 0.97, velocity: -0.5))
        // A slow release (< 0.1 widths/s) commits iff p > 0.5.
        for p in stride(from: 0.0, through: 1.0, by: 0.01) {
            for v in [-0.099, -0.05, 0, 0.05, 0.099] {
                #expect(rule.shouldCommit(progress: p, velocity: v) == (p > 0.5), "p \(p), v \(v)")
            }
        }
    }

    @Test("projection: p + τ·v > 0.5")
    func projection() {
        let rule = CommitRule.projection()
        #expect(!rule.shouldCommit(progress: 0.2, velocity: 0.5))   // 0.25: too slow for τ = 0.1
        #expect(rule.shouldCommit(progress: 0.2, velocity: 3.1))    // 0.51
        #expect(!rule.shouldCommit(progress: 0.6, velocity: -1.1))  // 0.49
        #expect(rule.shouldCommit(progress: 0.6, velocity: -0.9))   // 0.51
        #expect(!rule.shouldCommit(progress: 0.5, velocity: 0))
        #expect(CommitRule.projection(tau: 0.7).shouldCommit(progress: 0.2, velocity: 0.5))
    }

    @Test("threshold, inclusive or not (tutorials 000–002 and 004)")
    func threshold() {
        #expect(!CommitRule.threshold(0.5, inclusive: false).shouldCommit(progress: 0.5, velocity: 9))
        #expect(CommitRule.threshold(0.5, inclusive: false).shouldCommit(progress: 0.5001, velocity: -9))
        #expect(CommitRule.threshold(0.5, inclusive: true).shouldCommit(progress: 0.5, velocity: -9))
        #expect(!CommitRule.threshold(0.5, inclusive: true).shouldCommit(progress: 0.4999, velocity: 9))
    }

    @Test("direction: commit iff moving towards commit (tutorial 003)")
    func direction() {
        #expect(CommitRule.direction.shouldCommit(progress: 0.05, velocity: 0.01))
        #expect(!CommitRule.direction.shouldCommit(progress: 0.95, velocity: -0.01))
        #expect(!CommitRule.direction.shouldCommit(progress: 0.95, velocity: 0))
    }

    @Test("SettleHandOff passes the release velocity through unchanged")
    func handOff() {
        let h = SettleHandOff(progress: 0.2, velocity: 0.7)
        #expect(h.toEnd && h.initialVelocity == 0.7)
        let back = SettleHandOff(progress: 0.6, velocity: -0.7)
        #expect(!back.toEnd && back.initialVelocity == -0.7)
        let tutorial = SettleHandOff(progress: 0.6, velocity: -0.7, rule: .threshold(0.5, inclusive: false))
        #expect(tutorial.toEnd && tutorial.initialVelocity == -0.7)
    }
}
