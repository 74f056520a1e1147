import Glibc

/// A mutex with one condition, for the worker threads' queue: the standard library's `Mutex`
/// cannot wait, and this module has no Foundation or Dispatch.
final class ConditionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)
    private let condition: UnsafeMutablePointer<pthread_cond_t> = .allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits (holding the mutex, which the wait releases meanwhile) until `ready` is true, then
    /// runs `body` still holding it.
    func locked<T>(when ready: () -> Bool, _ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !ready() { pthread_cond_wait(condition, mutex) }
        return try body()
    }

    /// Wakes every waiter to look at its condition again. Call it holding the mutex or not.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
