import Foundation
import Geometry
@testable import PhotoDecoding
import Testing

@Suite struct PictureFolderGeneratorTests {
    @Test func writesReproducibleRealisticJPEGs() throws {
        let fixtures = Fixtures()
        let first = try PictureFolderGenerator.make(directory: fixtures.path("one"), count: 3, width: 320, height: 240, seed: 42)
        let again = try PictureFolderGenerator.make(directory: fixtures.path("two"), count: 3, width: 320, height: 240, seed: 42)
        let other = try PictureFolderGenerator.make(directory: fixtures.path("three"), count: 3, width: 320, height: 240, seed: 43)
        #expect(first.map { ($0 as NSString).lastPathComponent } == ["picture-0001.jpg", "picture-0002.jpg", "picture-0003.jpg"])
        let bytes = first.map(fixtures.bytes)
        #expect(bytes == again.map(fixtures.bytes), "the same seed writes the same files")
        #expect(bytes != other.map(fixtures.bytes), "another seed writes other files")
        #expect(Set(bytes).count == 3, "each picture differs")
        for (path, data) in zip(first, bytes) {
            let picture = try PictureDecoder.decode(path: path, fitting: nil)
            #expect(picture.info == PictureInfo(format: .jpeg, pixelWidth: 320, pixelHeight: 240, orientation: 1))
            // A camera JPEG at quality 85 takes 2–4 bits a pixel; a smooth drawing without grain
            // would take well under one.
            let bitsPerPixel = Double(data.count * 8) / Double(320 * 240)
            #expect(bitsPerPixel > 1.5, "\(path): \(bitsPerPixel) bits a pixel")
        }
    }
}
