import Foundation

/// Where tests leave pictures for people to look at: `artifacts/` at the package's root (the
/// e2e harness's `Paths.artifacts`; SegueTests do not link the harness).
enum Artifacts {
    static let directory: String = {
        // This file is Tests/SegueTests/Support/Artifacts.swift.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent("artifacts").path
    }()
}
