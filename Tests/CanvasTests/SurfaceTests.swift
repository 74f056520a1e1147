import Geometry
import Canvas
import Foundation
import Motion
import Testing

@Suite("Surface")
struct SurfaceTests {
    @Test func newSurfaceIsTransparent() {
        let surface = Surface(width: 7, height: 5)
        #expect(surface.width == 7 && surface.height == 5)
        #expect(surface.stride >= 28 && surface.stride == Surface.stride(forWidth: 7))
        for y in 0..<5 { for x in 0..<7 { #expect(surface.pixel(x: x, y: y) == .clear) } }
    }

    @Test func clearToColourAndBack() {
        let surface = Surface(width: 4, height: 4)
        surface.clear(to: Color(red: 1, green: 0.5, blue: 0))
        #expect(surface.bytes(x: 3, y: 3) == [255, 128, 0, 255])
        surface.clear()
        #expect(surface.pixel(x: 0, y: 0) == .clear)
    }

    @Test func translucentPixelReadsUnpremultiplied() {
        let surface = Surface(width: 2, height: 2)
        surface.clear(to: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        let c = surface.pixel(x: 1, y: 1)
        #expect(abs(c.red - 1) < 0.01 && c.green == 0 && c.blue == 0)
        #expect(abs(c.alpha - 0.5) < 0.01)
    }

    @Test func wrapsForeignMemoryInShmByteOrder() {
        let width = 6, height = 3, stride = 4 * width + 16   // padded rows, as a shm pool may have
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0xee, count: stride * height)
        do {
            let surface = Surface(wrapping: memory, width: width, height: height, stride: stride)
            #expect(surface.stride == stride)
            Canvas(surface: surface).fill(Rect(x: 0, y: 0, width: 6, height: 3), color: Color(red: 1, green: 0, blue: 0))
            #expect(surface.bytes(x: 5, y: 2) == [255, 0, 0, 255])
        }
        // ARGB8888 little-endian: bytes B, G, R, A.
        let row2 = memory.advanced(by: 2 * stride + 5 * 4).assumingMemoryBound(to: UInt8.self)
        #expect([row2[0], row2[1], row2[2], row2[3]] == [0, 0, 255, 255])
        // The padding past each row is left alone.
        #expect(memory.load(fromByteOffset: 4 * width, as: UInt8.self) == 0xee)
    }

    @Test func copyMatchesAcrossStrides() {
        let image = Fixture.image(width: 20, height: 10, translucent: true)
        let stride = 4 * 20 + 12
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * 10, alignment: 16)
        defer { memory.deallocate() }
        let wrapped = Surface(wrapping: memory, width: 20, height: 10, stride: stride)
        wrapped.copy(from: image)
        let plain = Surface(width: 20, height: 10)
        plain.copy(from: wrapped)
        #expect(image.channelDifferences(to: plain).max() == 0)
        #expect(image.channelDifferences(to: wrapped).max() == 0)
    }

    @Test func pngRoundTrip() throws {
        let image = Fixture.image(width: 33, height: 21, translucent: true)
        let path = NSTemporaryDirectory() + "segue-canvas-roundtrip-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try image.writePNG(to: path)
        let loaded = try Surface.loadPNG(from: path)
        #expect(loaded.width == 33 && loaded.height == 21)
        // PNG stores straight alpha: re-premultiplying may move a channel by one step.
        #expect(image.channelDifferences(to: loaded).max()! <= 1)
    }

    @Test func loadingAnOpaquePNGGivesOpaqueARGB() throws {
        // Cairo writes a surface without alpha as an RGB PNG; it must load as opaque ARGB32.
        let path = NSTemporaryDirectory() + "segue-canvas-rgb-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Fixture.solid(width: 3, height: 3, color: Color(hex: 0x336699)).writePNG(to: path)
        let loaded = try Surface.loadPNG(from: path)
        #expect(loaded.bytes(x: 1, y: 1) == [0x33, 0x66, 0x99, 255])
    }

    @Test func pngErrorsNameThePath() {
        let missing = "/nonexistent/segue/missing.png"
        let error = #expect(throws: CanvasError.self) { try Surface.loadPNG(from: missing) }
        #expect(error?.description.contains(missing) == true)
        let unwritable = "/nonexistent/segue/out.png"
        let writeError = #expect(throws: CanvasError.self) { try Surface(width: 1, height: 1).writePNG(to: unwritable) }
        #expect(writeError?.description.contains(unwritable) == true)
    }
}
