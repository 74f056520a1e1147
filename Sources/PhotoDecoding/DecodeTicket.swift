import CImageCodecs

/// A handle on one decode: cancel it from any thread.
///
/// A job cancelled while it waits never runs and its completion is never called; a job
/// cancelled while it runs stops between rows and its result is dropped.
public final class DecodeTicket: @unchecked Sendable {
    /// The flag the C decoders poll; raised once, never lowered.
    let flag: UnsafeMutablePointer<segue_cancel_flag>
    /// The queue holding the job while it waits, told so that it drops the job at once.
    private let withdraw: (@Sendable (DecodeTicket) -> Void)?

    /// A ticket of your own, for ``PictureDecoder/decode(path:fitting:cancellation:)``.
    public convenience init() {
        self.init(withdraw: nil)
    }

    init(withdraw: (@Sendable (DecodeTicket) -> Void)?) {
        flag = .allocate(capacity: 1)
        flag.initialize(to: segue_cancel_flag(raised: 0))
        self.withdraw = withdraw
    }

    deinit {
        flag.deallocate()
    }

    /// Cancels the decode; does nothing the second time or after the completion ran.
    public func cancel() {
        segue_cancel_flag_raise(flag)
        withdraw?(self)
    }

    /// Whether ``cancel()`` was called (or the queue evicted or cancelled the job).
    public var isCancelled: Bool {
        segue_cancel_flag_is_raised(flag) != 0
    }
}
