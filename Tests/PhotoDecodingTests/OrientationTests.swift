import Canvas
import Geometry
@testable import PhotoDecoding
import Testing

/// All eight EXIF orientations, against the EXIF specification's own words (tag 0x0112):
/// each value says on which side of the shown picture the stored 0th row lies, and on which
/// side the stored 0th column lies.
@Suite struct OrientationTests {
    enum Side { case top, bottom, left, right }

    /// EXIF 2.32, 4.6.4 A, "Orientation": value → (0th row's side, 0th column's side).
    static let specification: [Int: (row0: Side, column0: Side)] = [
        1: (.top, .left), 2: (.top, .right), 3: (.bottom, .right), 4: (.bottom, .left),
        5: (.left, .top), 6: (.right, .top), 7: (.right, .bottom), 8: (.left, .bottom),
    ]

    /// Where the stored quadrant at column `x`, row `y` is shown, by the specification.
    static func shownQuadrant(x: Int, y: Int, orientation: Int) -> Quadrant {
        let (row0, column0) = specification[orientation]!
        switch row0 {
        case .top, .bottom:
            // Stored rows stay rows: the 0th row is at the top or the bottom.
            return Quadrant.at(x: column0 == .left ? x : 1 - x, y: row0 == .top ? y : 1 - y)
        case .left, .right:
            // Stored rows become columns: the 0th row is the left or right column, and the
            // 0th column the top or bottom row.
            return Quadrant.at(x: row0 == .left ? y : 1 - y, y: column0 == .top ? x : 1 - x)
        }
    }

    /// A stored picture that, shown as `orientation` says, has the upright quadrants.
    static func storedPicture(width: Int, height: Int, orientation: Int) -> PixelBuffer {
        // Each stored quadrant gets the colour the upright picture has where it is shown.
        quadrantPicture(width: width, height: height) { x, y in
            shownQuadrant(x: x, y: y, orientation: orientation).color
        }
    }

    @Test(arguments: Array(1...8), [false, true])
    func uprightQuadrants(orientation: Int, bigEndian: Bool) throws {
        let fixtures = Fixtures()
        let stored = Self.storedPicture(width: 64, height: 48, orientation: orientation)
        let path = fixtures.jpeg("o\(orientation).jpg", stored,
                                 app1: PictureEncoder.exifOrientation(orientation, bigEndian: bigEndian))
        let turned = orientation >= 5
        let expected = PictureInfo(format: .jpeg, pixelWidth: turned ? 48 : 64, pixelHeight: turned ? 64 : 48,
                                   orientation: orientation)
        #expect(try PictureDecoder.probe(path: path) == expected)
        let picture = try PictureDecoder.decode(path: path, fitting: nil)
        #expect(picture.info == expected)
        #expect(picture.surface.width == expected.pixelWidth && picture.surface.height == expected.pixelHeight)
        for quadrant in Quadrant.allCases {
            let found = colorInQuadrant(picture.surface, quadrant)
            #expect(close(found, quadrant.color, within: DecodingTests.jpegTolerance),
                    "orientation \(orientation): \(quadrant) is \(found)")
        }
    }

    /// The cover size is worked out upright: a landscape-stored portrait (orientation 6) of
    /// 800×600 fitting 100×100 needs 100×134 upright, so 134×100 stored: libjpeg's 2/8
    /// (200×150 stored, 150×200 upright) is the smallest that covers it, reduced to 100×134.
    @Test func scaledDecodeOfATurnedPicture() throws {
        let fixtures = Fixtures()
        let stored = Self.storedPicture(width: 800, height: 600, orientation: 6)
        let path = fixtures.jpeg("turned.jpg", stored, app1: PictureEncoder.exifOrientation(6))
        let picture = try PictureDecoder.decode(path: path, fitting: Size(width: 100, height: 100))
        #expect(picture.jpegScaleEighths == 2)
        #expect(picture.surface.width == 100 && picture.surface.height == 134)
        for quadrant in Quadrant.allCases {
            #expect(close(colorInQuadrant(picture.surface, quadrant), quadrant.color, within: DecodingTests.jpegTolerance))
        }
    }

    /// Values outside 1…8, and an EXIF block without the tag, read as upright.
    @Test(arguments: [0, 9, 300])
    func invalidOrientationIsUpright(value: Int) throws {
        let fixtures = Fixtures()
        let path = fixtures.jpeg("bad.jpg", quadrantPicture(width: 64, height: 48),
                                 app1: PictureEncoder.exifOrientation(value))
        #expect(try PictureDecoder.probe(path: path).orientation == 1)
        let picture = try PictureDecoder.decode(path: path, fitting: nil)
        #expect(close(colorInQuadrant(picture.surface, .topLeft), Quadrant.topLeft.color, within: DecodingTests.jpegTolerance))
    }
}
