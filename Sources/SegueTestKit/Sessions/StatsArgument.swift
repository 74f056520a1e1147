extension CompositorSession {
    /// The file `--stats FILE` (or `--stats=FILE`) names in `arguments`, if any: a test that
    /// reads the app's figures itself names its own, and the harness reads the same file.
    public static func statsArgument(in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--stats", index + 1 < arguments.count { return arguments[index + 1] }
            if argument.hasPrefix("--stats=") { return String(argument.dropFirst("--stats=".count)) }
        }
        return nil
    }
}
