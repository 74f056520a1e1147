// swift-tools-version: 6.1
import Foundation
import PackageDescription

// Segue's examples: a separate package that depends on Segue by path, as an app outside the
// repository would (by URL). SwiftPM names a path dependency after its directory, which is
// whatever the clone is called, so the manifest reads it.
let segueRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "SegueExamples",
    dependencies: [
        .package(path: segueRoot.path),
    ],
    targets: [
        // A navigation controller with a custom cross-fade animator, a custom container with its
        // own interactive swipe, and a sheet.
        .executableTarget(name: "hello-segue", dependencies: [
            .product(name: "SegueKit", package: segueRoot.lastPathComponent.lowercased()),
            .product(name: "SegueDiagnostics", package: segueRoot.lastPathComponent.lowercased()),
        ]),
        // The API documentation's examples, word for word: built so that they keep compiling.
        .executableTarget(name: "doc-examples", dependencies: [
            .product(name: "SegueKit", package: segueRoot.lastPathComponent.lowercased()),
            .product(name: "SegueDiagnostics", package: segueRoot.lastPathComponent.lowercased()),
        ]),
        // The UIKit conformance suite's scenes (Tests/UIKitConformanceTests/Scenes, linked in) in
        // a real window, for UIKitConformanceE2ETests.
        .executableTarget(name: "uikit-conformance", dependencies: [
            .product(name: "SegueKit", package: segueRoot.lastPathComponent.lowercased()),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
