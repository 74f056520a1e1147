import Foundation
import Geometry
@testable import PhotoDecoding
import Testing

/// The queue's promises, checked without clocks: deliveries are collected by a `deliver` that
/// only stores them, and the test runs them when it chooses.
@Suite struct DecodeQueueTests {
    /// What `deliver` received, and what the completions reported once run.
    final class Mailbox: @unchecked Sendable {
        private let lock = NSLock()
        private let arrived = DispatchSemaphore(value: 0)
        private var parcels: [@Sendable () -> Void] = []
        private var completed: [String] = []

        var deliver: @Sendable (@escaping @Sendable () -> Void) -> Void {
            { parcel in
                self.lock.withLock { self.parcels.append(parcel) }
                self.arrived.signal()
            }
        }

        /// A completion that records `name` (and the error's description, on failure).
        func completion(_ name: String) -> @Sendable (Result<DecodedPicture, PictureDecodeError>) -> Void {
            { result in
                let entry = switch result {
                case .success: name
                case .failure(let error): "\(name): \(error)"
                }
                self.lock.withLock { self.completed.append(entry) }
            }
        }

        /// Waits for `count` more deliveries. The minute is a guard against a hang, not a
        /// measurement: a broken queue fails here instead of stopping the suite.
        func waitForDeliveries(_ count: Int) -> Bool {
            (0..<count).allSatisfy { _ in arrived.wait(timeout: .now() + 60) == .success }
        }

        /// Runs every delivered parcel, in the order they arrived, on this thread.
        func runDeliveries() {
            let taken = lock.withLock { defer { parcels.removeAll() }; return parcels }
            for parcel in taken { parcel() }
        }

        var deliveredCount: Int { lock.withLock { parcels.count } }
        var completions: [String] { lock.withLock { completed } }
    }

    /// Small JPEGs named a, b, c, … (distinct files, so the order is visible).
    func files(_ fixtures: Fixtures, _ names: [String]) -> [String: String] {
        let pixels = quadrantPicture(width: 32, height: 24)
        return Dictionary(uniqueKeysWithValues: names.map { ($0, fixtures.jpeg("\($0).jpg", pixels)) })
    }

    /// The workers decode at a lower priority than the thread that made the queue (nice +10,
    /// 19 at most), so that the frames drawn beside them come first.
    @Test func workersRunNicerThanTheirMaker() {
        let fixtures = Fixtures(), mail = Mailbox()
        let paths = files(fixtures, ["a"])
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        let maker = getpriority(which, 0)
        let seen = NSLock()
        nonisolated(unsafe) var workerNice: Int32?
        let queue = DecodeQueue(workers: 1, deliver: mail.deliver)
        queue.willDecode = { _ in
            let nice = getpriority(which, 0)
            seen.withLock { workerNice = nice }
        }
        queue.enqueue(path: paths["a"]!, fitting: nil, completion: mail.completion("a"))
        #expect(mail.waitForDeliveries(1))
        #expect(seen.withLock { workerNice } == min(19, maker + 10))
        #expect(getpriority(which, 0) == maker, "the maker's own priority is left alone")
    }

    /// The default is one worker fewer than the processors online, two at least (so that one
    /// slow file never stops the stream) and four at most.
    @Test func defaultWorkerCount() {
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        #expect(DecodeQueue.defaultWorkerCount == max(2, min(4, online - 1)))
    }

    @Test func newestRunsFirst() {
        let fixtures = Fixtures(), mail = Mailbox()
        let paths = files(fixtures, ["a", "b", "c", "d"])
        let queue = DecodeQueue(workers: 1, deliver: mail.deliver)
        queue.suspend()
        for name in ["a", "b", "c", "d"] {
            queue.enqueue(path: paths[name]!, fitting: nil, completion: mail.completion(name))
        }
        #expect(queue.pendingCount == 4)
        queue.resume()
        #expect(mail.waitForDeliveries(4))
        mail.runDeliveries()
        #expect(mail.completions == ["d", "c", "b", "a"])
        #expect(queue.pendingCount == 0)
    }

    /// Over capacity, the oldest waiting job is cancelled and never completes.
    @Test func capacityEvictsTheOldest() {
        let fixtures = Fixtures(), mail = Mailbox()
        let paths = files(fixtures, ["a", "b", "c", "sentinel"])
        let queue = DecodeQueue(workers: 1, capacity: 2, deliver: mail.deliver)
        queue.suspend()
        let a = queue.enqueue(path: paths["a"]!, fitting: nil, completion: mail.completion("a"))
        let b = queue.enqueue(path: paths["b"]!, fitting: nil, completion: mail.completion("b"))
        #expect(!a.isCancelled)
        let c = queue.enqueue(path: paths["c"]!, fitting: nil, completion: mail.completion("c"))
        #expect(a.isCancelled && !b.isCancelled && !c.isCancelled)
        #expect(queue.pendingCount == 2)
        queue.resume()
        #expect(mail.waitForDeliveries(2))
        // One worker, so once the sentinel is delivered nothing older can still be on its way.
        queue.enqueue(path: paths["sentinel"]!, fitting: nil, completion: mail.completion("sentinel"))
        #expect(mail.waitForDeliveries(1))
        mail.runDeliveries()
        #expect(mail.completions == ["c", "b", "sentinel"])
    }

    @Test func cancelledWaitingJobNeverCompletes() {
        let fixtures = Fixtures(), mail = Mailbox()
        let paths = files(fixtures, ["a", "b", "c", "sentinel"])
        let queue = DecodeQueue(workers: 1, deliver: mail.deliver)
        queue.suspend()
        queue.enqueue(path: paths["a"]!, fitting: nil, completion: mail.completion("a"))
        let b = queue.enqueue(path: paths["b"]!, fitting: nil, completion: mail.completion("b"))
        queue.enqueue(path: paths["c"]!, fitting: nil, completion: mail.completion("c"))
        b.cancel()
        #expect(b.isCancelled)
        #expect(queue.pendingCount == 2)
        queue.resume()
        #expect(mail.waitForDeliveries(2))
        queue.enqueue(path: paths["sentinel"]!, fitting: nil, completion: mail.completion("sentinel"))
        #expect(mail.waitForDeliveries(1))
        mail.runDeliveries()
        #expect(mail.completions == ["c", "a", "sentinel"])
    }

    /// A job cancelled while a worker holds it: its result is dropped.
    @Test func cancelledRunningJobIsDropped() {
        let fixtures = Fixtures(), mail = Mailbox()
        let paths = files(fixtures, ["a", "sentinel"])
        let queue = DecodeQueue(workers: 1, deliver: mail.deliver)
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let held = paths["a"]!
        queue.willDecode = { path in
            guard path == held else { return }
            started.signal()
            _ = release.wait(timeout: .now() + 60)
        }
        let a = queue.enqueue(path: held, fitting: nil, completion: mail.completion("a"))
        #expect(started.wait(timeout: .now() + 60) == .success)
        #expect(queue.pendingCount == 1)
        a.cancel()
        release.signal()
        queue.enqueue(path: paths["sentinel"]!, fitting: nil, completion: mail.completion("sentinel"))
        #expect(mail.waitForDeliveries(1))
        // One worker: anything delivered for the cancelled job came before the sentinel's.
        #expect(mail.deliveredCount == 1)
        mail.runDeliveries()
        #expect(mail.completions == ["sentinel"])
    }

    /// Cancelled after the decode finished but before the app ran the delivery: dropped too.
    @Test func cancelledBeforeDeliveryRunsIsDropped() {
        let fixtures = Fixtures(), mail = Mailbox()
        let paths = files(fixtures, ["a"])
        let queue = DecodeQueue(workers: 1, deliver: mail.deliver)
        let a = queue.enqueue(path: paths["a"]!, fitting: nil, completion: mail.completion("a"))
        #expect(mail.waitForDeliveries(1))
        a.cancel()
        mail.runDeliveries()
        #expect(mail.completions.isEmpty)
    }

    /// Completions run only when the app runs what `deliver` got, on the app's thread.
    @Test func completionsRunOnlyThroughDeliver() {
        let fixtures = Fixtures(), mail = Mailbox()
        let paths = files(fixtures, ["a", "b"])
        let queue = DecodeQueue(workers: 2, deliver: mail.deliver)
        let testThread = pthread_self()
        let threads = Mailbox()
        queue.enqueue(path: paths["a"]!, fitting: nil, completion: mail.completion("a"))
        queue.enqueue(path: paths["b"]!, fitting: Size(width: 8, height: 8)) { result in
            threads.completion(pthread_equal(pthread_self(), testThread) != 0 ? "app thread" : "worker")(result)
        }
        #expect(mail.waitForDeliveries(2))
        #expect(queue.pendingCount == 0)
        #expect(mail.completions.isEmpty && threads.completions.isEmpty)
        mail.runDeliveries()
        #expect(mail.completions == ["a"])
        #expect(threads.completions == ["app thread"])
    }

    @Test func cancelAllCancelsEverything() {
        let fixtures = Fixtures(), mail = Mailbox()
        let paths = files(fixtures, ["a", "b", "c", "sentinel"])
        let queue = DecodeQueue(workers: 1, deliver: mail.deliver)
        queue.suspend()
        let tickets = ["a", "b", "c"].map { queue.enqueue(path: paths[$0]!, fitting: nil, completion: mail.completion($0)) }
        queue.cancelAll()
        #expect(tickets.allSatisfy { $0.isCancelled })
        #expect(queue.pendingCount == 0)
        queue.resume()
        queue.enqueue(path: paths["sentinel"]!, fitting: nil, completion: mail.completion("sentinel"))
        #expect(mail.waitForDeliveries(1))
        mail.runDeliveries()
        #expect(mail.completions == ["sentinel"])
    }

    /// Errors travel as failures through the same path.
    @Test func failuresAreDelivered() {
        let fixtures = Fixtures(), mail = Mailbox()
        let queue = DecodeQueue(deliver: mail.deliver)
        let empty = fixtures.write("empty.jpg", [])
        queue.enqueue(path: empty, fitting: nil, completion: mail.completion("empty"))
        #expect(mail.waitForDeliveries(1))
        mail.runDeliveries()
        #expect(mail.completions == ["empty: empty file"])
    }

    /// A decode whose ticket is already cancelled stops before reading the file.
    @Test func decodeWithACancelledTicket() {
        let fixtures = Fixtures()
        let path = fixtures.jpeg("a.jpg", quadrantPicture(width: 32, height: 24))
        let ticket = DecodeTicket()
        ticket.cancel()
        #expect(throws: PictureDecodeError.cancelled) {
            try PictureDecoder.decode(path: path, fitting: nil, cancellation: ticket)
        }
    }
}
