import Demos
import Glibc
import Segue
import SegueWayland

/// segue-demo: every transition from the five tutorials, in one window.
///
///     segue-demo [--trace FILE]
let usage = "usage: segue-demo [--trace FILE]"

struct Options {
    var tracePath: String?
}

struct UsageError: Error { let message: String }

func parseOptions(_ arguments: [String]) -> Result<Options, UsageError> {
    var options = Options()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
        switch argument {
        case "--trace":
            guard let path = rest.popFirst(), !path.hasPrefix("--") else { return .failure(UsageError(message: "--trace needs a file name")) }
            options.tracePath = path
        case "-h", "--help":
            print(usage)
            exit(0)
        default:
            return .failure(UsageError(message: "unknown argument '\(argument)'"))
        }
    }
    return .success(options)
}

func fail(_ message: String, code: Int32) -> Never {
    let line = "segue-demo: \(message)\n"
    line.withCString { _ = write(2, $0, strlen($0)) }
    exit(code)
}

let options: Options
switch parseOptions(Array(CommandLine.arguments.dropFirst())) {
case .success(let parsed): options = parsed
case .failure(let error): fail("\(error.message) (\(usage))", code: 2)
}

// Line-buffered so a test reading the trace sees each event as it happens.
var traceFile: UnsafeMutablePointer<FILE>?
if let path = options.tracePath {
    guard let file = fopen(path, "w") else {
        fail("cannot write the trace to '\(path)': \(String(cString: strerror(errno)))", code: 2)
    }
    traceFile = file
}

MainActor.assumeIsolated {
    let window = Window(rootViewController: DemoApp.makeRoot())
    if let traceFile {
        window.traceSink = { record in
            fputs(record.json + "\n", traceFile)
            fflush(traceFile)
        }
    }
    do {
        let code = try WaylandApplication.run(window, title: "Segue", appID: "org.segue.Demo")
        exit(code)
    } catch {
        fail("\(error)", code: 1)
    }
}
