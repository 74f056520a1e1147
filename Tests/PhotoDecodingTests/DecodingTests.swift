import Canvas
import Geometry
@testable import PhotoDecoding
import Testing

/// Each format decodes to the colours it was written with, at the size the request needs.
@Suite struct DecodingTests {
    /// JPEG at quality 95 keeps flat colours within about 2 %; lossless formats within rounding.
    static let jpegTolerance = 0.04
    static let exactTolerance = 1.0 / 255

    @Test(arguments: [PictureFormat.jpeg, .png, .webp])
    func quadrantsAndAverage(format: PictureFormat) throws {
        let fixtures = Fixtures()
        let pixels = quadrantPicture(width: 64, height: 48)
        let path = fixtures.file(format, "q", pixels)
        let tolerance = format == .jpeg ? Self.jpegTolerance : Self.exactTolerance
        let picture = try PictureDecoder.decode(path: path, fitting: nil)
        #expect(picture.info == PictureInfo(format: format, pixelWidth: 64, pixelHeight: 48, orientation: 1))
        #expect(picture.surface.width == 64 && picture.surface.height == 48)
        for quadrant in Quadrant.allCases {
            let found = colorInQuadrant(picture.surface, quadrant)
            #expect(close(found, quadrant.color, within: tolerance), "\(format) \(quadrant): \(found)")
        }
        #expect(close(picture.averageColor, Quadrant.mean, within: format == .jpeg ? 0.02 : Self.exactTolerance),
                "average \(picture.averageColor) against \(Quadrant.mean)")
        #expect(picture.averageColor.alpha == 1)
        #expect(picture.jpegScaleEighths == (format == .jpeg ? 8 : nil))
    }

    /// A 4000×3000 photo as a 256×256 thumbnail needs 342×256; libjpeg's 1/8 (500×375) is the
    /// smallest of its scales that covers that, and the decode must use it, not the full size,
    /// then reduce it to the 342×256 asked for.
    @Test func largeJPEGThumbnailDecodesAtOneEighth() throws {
        let fixtures = Fixtures()
        let path = fixtures.jpeg("big.jpg", quadrantPicture(width: 4000, height: 3000), quality: 90)
        let picture = try PictureDecoder.decode(path: path, fitting: Size(width: 256, height: 256))
        #expect(picture.surface.width == 342 && picture.surface.height == 256)
        #expect(picture.jpegScaleEighths == 1)
        #expect(picture.info.pixelWidth == 4000 && picture.info.pixelHeight == 3000)
        for quadrant in Quadrant.allCases {
            #expect(close(colorInQuadrant(picture.surface, quadrant), quadrant.color, within: Self.jpegTolerance))
        }
        #expect(close(picture.averageColor, Quadrant.mean, within: 0.02))
    }

    /// Progressive JPEGs (most of the web's) decode and scale like baseline ones.
    @Test func progressiveJPEG() throws {
        let fixtures = Fixtures()
        let path = fixtures.jpeg("p.jpg", quadrantPicture(width: 800, height: 600), progressive: true)
        let picture = try PictureDecoder.decode(path: path, fitting: Size(width: 100, height: 100))
        #expect(picture.jpegScaleEighths == 2)
        #expect(picture.surface.width == 134 && picture.surface.height == 100)
        for quadrant in Quadrant.allCases {
            #expect(close(colorInQuadrant(picture.surface, quadrant), quadrant.color, within: Self.jpegTolerance))
        }
    }

    /// The scale is the smallest n/8 whose output covers the request along both sides, and
    /// the picture comes out at exactly the covering size.
    @Test(arguments: [
        (Size(width: 256, height: 256), 1, 342, 256),
        (Size(width: 1000, height: 1000), 3, 1334, 1000),   // 2/8 gives 1000×750, too small
        (Size(width: 500, height: 10), 1, 500, 375),
        (Size(width: 501, height: 10), 2, 501, 376),        // 3000 × 501/4000 = 375.75
        (Size(width: 9000, height: 9000), 8, 4000, 3000),   // never upscaled
    ])
    func jpegScaleChoice(fitting: Size, eighths: Int, width: Int, height: Int) throws {
        let fixtures = Fixtures()
        // Flat grey compresses to almost nothing, so this large file is quick to write.
        let pixels = PixelBuffer(width: 4000, height: 3000)
        pixels.surface.clear(to: Color(hex: 0x808080))
        let path = fixtures.jpeg("grey.jpg", pixels, quality: 50)
        let picture = try PictureDecoder.decode(path: path, fitting: fitting)
        #expect(picture.jpegScaleEighths == eighths)
        #expect(picture.surface.width == width && picture.surface.height == height)
    }

    /// PNG has no reduced decode: it is decoded whole and boxed down to exactly the cover size.
    @Test func pngIsReducedToTheCoverSize() throws {
        let fixtures = Fixtures()
        let path = fixtures.png("big.png", quadrantPicture(width: 800, height: 600))
        let picture = try PictureDecoder.decode(path: path, fitting: Size(width: 100, height: 100))
        #expect(picture.surface.width == 134 && picture.surface.height == 100)
        for quadrant in Quadrant.allCases {
            #expect(close(colorInQuadrant(picture.surface, quadrant), quadrant.color, within: Self.exactTolerance))
        }
    }

    /// WebP scales while decoding, to exactly the cover size.
    @Test func webpScalesToTheCoverSize() throws {
        let fixtures = Fixtures()
        let path = fixtures.webp("big.webp", quadrantPicture(width: 800, height: 600))
        let picture = try PictureDecoder.decode(path: path, fitting: Size(width: 100, height: 100))
        #expect(picture.surface.width == 134 && picture.surface.height == 100)
        for quadrant in Quadrant.allCases {
            #expect(close(colorInQuadrant(picture.surface, quadrant), quadrant.color, within: 0.02))
        }
    }

    /// Translucent PNG pixels come out premultiplied, as Cairo wants them, and the average is
    /// weighted by alpha and opaque.
    @Test func translucentPNGIsPremultiplied() throws {
        let fixtures = Fixtures()
        let pixels = PixelBuffer(width: 8, height: 8)
        pixels.surface.clear(to: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        let path = fixtures.png("half.png", pixels)
        let picture = try PictureDecoder.decode(path: path, fitting: nil)
        let raw = picture.surface.rawPixel(x: 4, y: 4)
        #expect(raw >> 24 == 0x80 && (raw >> 16) & 0xff == 0x80 && raw & 0xffff == 0, "raw \(String(raw, radix: 16))")
        #expect(close(picture.averageColor, Color(red: 1, green: 0, blue: 0), within: Self.exactTolerance))
    }

    /// The format comes from the first bytes, whatever the name says.
    @Test func pngNamedJPGDecodesAsPNG() throws {
        let fixtures = Fixtures()
        let pngPath = fixtures.png("real.png", quadrantPicture(width: 16, height: 16))
        let path = fixtures.write("disguised.jpg", fixtures.bytes(pngPath))
        #expect(try PictureDecoder.probe(path: path).format == .png)
        let picture = try PictureDecoder.decode(path: path, fitting: nil)
        #expect(picture.info.format == .png)
        #expect(close(colorInQuadrant(picture.surface, .topLeft), Quadrant.topLeft.color, within: Self.exactTolerance))
    }

    @Test func probeReadsHeadersOnly() throws {
        let fixtures = Fixtures()
        let pixels = quadrantPicture(width: 40, height: 30)
        #expect(try PictureDecoder.probe(path: fixtures.jpeg("a.jpg", pixels))
                == PictureInfo(format: .jpeg, pixelWidth: 40, pixelHeight: 30, orientation: 1))
        #expect(try PictureDecoder.probe(path: fixtures.png("a.png", pixels))
                == PictureInfo(format: .png, pixelWidth: 40, pixelHeight: 30, orientation: 1))
        #expect(try PictureDecoder.probe(path: fixtures.webp("a.webp", pixels, lossless: false))
                == PictureInfo(format: .webp, pixelWidth: 40, pixelHeight: 30, orientation: 1))
    }

    /// A header behind an APP1 block larger than the probe's first read is still found.
    @Test func probeReadsPastALargeExifBlock() throws {
        let fixtures = Fixtures()
        var app1 = PictureEncoder.exifOrientation(6)
        app1 += [UInt8](repeating: 0, count: 65_000 - app1.count)
        let pixels = quadrantPicture(width: 40, height: 30)
        // Five such segments push the frame header past the first 256 KiB.
        var bytes = try PictureEncoder.jpeg(pixels, quality: 90, app1: app1)
        let segment = [0xff, 0xe2, UInt8(65_002 >> 8), UInt8(65_002 & 0xff)] + [UInt8](repeating: 7, count: 65_000)
        for _ in 0..<5 { bytes.insert(contentsOf: segment, at: 2) }
        let path = fixtures.write("long-header.jpg", bytes)
        #expect(try PictureDecoder.probe(path: path) == PictureInfo(format: .jpeg, pixelWidth: 30, pixelHeight: 40, orientation: 6))
    }

    /// The cover size: both sides at least the request's, aspect kept, never above full size.
    @Test func coverSize() {
        #expect(PictureDecoder.coverSize(width: 4000, height: 3000, fitting: Size(width: 256, height: 256)) == (342, 256))
        #expect(PictureDecoder.coverSize(width: 3000, height: 4000, fitting: Size(width: 256, height: 256)) == (256, 342))
        #expect(PictureDecoder.coverSize(width: 4000, height: 3000, fitting: Size(width: 400, height: 10)) == (400, 300))
        #expect(PictureDecoder.coverSize(width: 100, height: 50, fitting: Size(width: 400, height: 400)) == (100, 50))
        #expect(PictureDecoder.coverSize(width: 100, height: 50, fitting: nil) == (100, 50))
        #expect(PictureDecoder.coverSize(width: 100, height: 50, fitting: Size(width: 0, height: 0)) == (2, 1))
    }
}
