import Canvas
import Geometry
@testable import PhotoDecoding
import Testing

/// `.contain` gives a picture shown whole exactly the pixels it is shown with: the largest size
/// inside the box with the picture's aspect, whatever size the codec decodes at first.
@Suite struct ContainFitTests {
    /// 640×480 inside 300×300: the width governs, 300 × 480·300/640 = 300×225. (Covering the
    /// same box needs 400×300, libjpeg's 5/8.)
    @Test(arguments: [PictureFormat.jpeg, .png, .webp])
    func exactlyInsideTheBox(format: PictureFormat) throws {
        let fixtures = Fixtures()
        let pixels = quadrantPicture(width: 640, height: 480)
        let path = fixtures.file(format, "c", pixels)
        let box = Size(width: 300, height: 300)
        let contained = try PictureDecoder.decode(path: path, fitting: box, fit: .contain, cancellation: nil)
        #expect(contained.surface.width == 300 && contained.surface.height == 225)
        for quadrant in Quadrant.allCases {
            let found = colorInQuadrant(contained.surface, quadrant)
            #expect(close(found, quadrant.color, within: DecodingTests.jpegTolerance), "\(format) \(quadrant): \(found)")
        }
        let covering = try PictureDecoder.decode(path: path, fitting: box)
        #expect(covering.surface.width >= 400 && covering.surface.height >= 300)
    }

    /// The box is taken upright: a picture stored 640×480 and turned a quarter by EXIF is
    /// 480×640, and inside 300×300 it is 225×300.
    @Test func turnedPictureFitsUpright() throws {
        let fixtures = Fixtures()
        let path = fixtures.jpeg("t.jpg", quadrantPicture(width: 640, height: 480),
                                 app1: PictureEncoder.exifOrientation(6, bigEndian: true))
        let picture = try PictureDecoder.decode(path: path, fitting: Size(width: 300, height: 300), fit: .contain, cancellation: nil)
        #expect(picture.surface.width == 225 && picture.surface.height == 300)
    }

    /// A box larger than the picture leaves it at its own size: never upscaled.
    @Test func neverLarger() throws {
        let fixtures = Fixtures()
        let path = fixtures.png("s.png", quadrantPicture(width: 64, height: 48))
        let picture = try PictureDecoder.decode(path: path, fitting: Size(width: 1000, height: 1000), fit: .contain, cancellation: nil)
        #expect(picture.surface.width == 64 && picture.surface.height == 48)
    }
}
