import Glibc

/// Reading and writing whole files with the C library (errno's words for errors), since this
/// module has no Foundation.
enum PictureFile {
    /// The file's bytes, up to `limit` of them (nil: all), and whether that was the whole file.
    static func read(path: String, limit: Int? = nil) throws(PictureDecodeError) -> (bytes: [UInt8], isWhole: Bool) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(failure(path)) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .unreadable(failure(path)) }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw .unreadable("\(path): \(String(cString: strerror(EISDIR)))") }
        let size = Int(status.st_size)
        guard size > 0 else { throw .empty }
        let wanted = min(size, limit ?? size)
        var count = 0
        var readError: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            while count < wanted {
                let got = Glibc.read(fd, buffer.baseAddress! + count, wanted - count)
                if got < 0 {
                    if errno == EINTR { continue }
                    readError = errno
                    break
                }
                if got == 0 { break } // the file shrank since fstat: keep what is there
                count += got
            }
            initialized = count
        }
        if readError != 0 { throw .unreadable("\(path): \(String(cString: strerror(readError)))") }
        guard !bytes.isEmpty else { throw .empty }
        return (bytes, wanted == size && count == wanted)
    }

    /// Writes `bytes` to `path`, replacing it.
    static func write(_ bytes: [UInt8], to path: String) throws(PictureWriteError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw PictureWriteError(failure(path)) }
        var written = 0
        var writeError: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let put = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if put < 0 {
                    if errno == EINTR { continue }
                    writeError = errno
                    return
                }
                written += put
            }
        }
        let closed = close(fd)
        if writeError == 0 && closed != 0 { writeError = errno }
        if writeError != 0 { throw PictureWriteError("\(path): \(String(cString: strerror(writeError)))") }
    }

    /// Makes `path` a directory unless it already is one (its parent must exist).
    static func makeDirectory(_ path: String) throws(PictureWriteError) {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        throw PictureWriteError(failure(path))
    }

    private static func failure(_ path: String) -> String {
        "\(path): \(String(cString: strerror(errno)))"
    }
}
