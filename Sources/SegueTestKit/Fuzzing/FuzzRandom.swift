/// xoshiro256** (Blackman and Vigna), seeded through SplitMix64 as its authors recommend: a
/// small, fast generator whose output for a seed is the same on every machine and Swift
/// version, so a fuzz seed names one event stream forever (Swift's own generator promises
/// neither).
public struct FuzzRandom: RandomNumberGenerator, Sendable {
    private var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    /// The generator for `seed`: its four state words are SplitMix64's first four outputs.
    public init(seed: UInt64) {
        var splitMix = seed
        func next() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s0 = next(); s1 = next(); s2 = next(); s3 = next()
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = rotate(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotate(s3, 45)
        return result
    }

    private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    /// A uniform integer in `range`, by Lemire's multiply-shift (bias below 2⁻³², which no
    /// fuzz run can notice), written out so it cannot change with the standard library.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        let scaled = next().multipliedFullWidth(by: span).high
        return range.lowerBound + Int(scaled)
    }

    /// A uniform double in `range`, from the top 53 bits.
    public mutating func double(_ range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) / Double(1 << 53)
        return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { double(0...1) < p }

    /// One of `choices`, each as likely as its weight.
    public mutating func weighted<T>(_ choices: [(T, Int)]) -> T {
        let total = choices.reduce(0) { $0 + $1.1 }
        var pick = int(0...(total - 1))
        for (choice, weight) in choices {
            if pick < weight { return choice }
            pick -= weight
        }
        return choices[choices.count - 1].0
    }

    /// One element of a non-empty array.
    public mutating func element<T>(_ array: [T]) -> T { array[int(0...(array.count - 1))] }
}
