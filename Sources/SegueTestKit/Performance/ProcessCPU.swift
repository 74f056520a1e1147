import Foundation

/// A process's CPU time read from /proc: `/proc/PID/stat` utime + stime (clock ticks, 10 ms
/// on most kernels) and the sum of `/proc/PID/task/*/schedstat` run times (nanoseconds).
public struct WestonCPU: Sendable {
    /// utime + stime from /proc/PID/stat, in ms (tick resolution).
    public var statMs: Double
    /// Time on a CPU summed over the threads, from schedstat, in ms (ns resolution).
    public var schedMs: Double

    init?(pid: Int32) {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after "pid (comm)": state is field 3; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let utime = Double(fields[11]), let stime = Double(fields[12]) else { return nil }
        statMs = (utime + stime) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
        var sched = 0.0
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            if let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
               let first = text.split(separator: " ").first, let ns = Double(first) {
                sched += ns / 1e6
            }
        }
        schedMs = sched
    }
}
