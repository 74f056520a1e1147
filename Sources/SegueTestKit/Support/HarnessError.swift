/// Why an end-to-end run could not proceed; a failure, never a skip.
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
