/// Why an end-to-end run could not proceed; a failure, never a skip.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
