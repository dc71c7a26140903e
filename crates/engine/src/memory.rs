//! What the machine can give and what a process holds: the memory available for a new
//! transposition table, and a process's resident memory (Linux `/proc`; elsewhere unknown).

/// A process's resident memory, in KiB: now (`VmRSS`) and at its peak (`VmHWM`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resident {
    /// Resident now.
    pub now_kib: u64,
    /// The most it has held at once.
    pub peak_kib: u64,
}

impl Resident {
    /// The resident memory of the process `pid`, when the system tells.
    pub fn of_process(pid: u32) -> Option<Resident> {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        Some(Resident {
            now_kib: status_field(&status, "VmRSS:")?,
            peak_kib: status_field(&status, "VmHWM:")?,
        })
    }

    /// The resident memory of this process.
    pub fn of_self() -> Option<Resident> {
        Resident::of_process(std::process::id())
    }
}

impl std::fmt::Display for Resident {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:.1} MiB resident (peak {:.1} MiB)",
            self.now_kib as f64 / 1024.0,
            self.peak_kib as f64 / 1024.0
        )
    }
}

/// A `Name:   1234 kB` field of `/proc/*/status` or `/proc/meminfo`, in KiB.
fn status_field(text: &str, name: &str) -> Option<u64> {
    text.lines()
        .find_map(|line| line.strip_prefix(name))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// A number from a cgroup file (`max` means no limit).
fn cgroup_number(name: &str) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/sys/fs/cgroup/{name}")).ok()?;
    text.trim().parse().ok()
}

/// The memory a new allocation can use, in MiB: the system's available memory, and no more
/// than this process's cgroup still allows. `None` where the system does not tell.
pub fn available_mib() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let mut available = status_field(&meminfo, "MemAvailable:")? / 1024;
    if let (Some(max), Some(current)) =
        (cgroup_number("memory.max"), cgroup_number("memory.current"))
    {
        available = available.min(max.saturating_sub(current) / (1024 * 1024));
    }
    if let Some(address_space) = address_space_left_mib() {
        available = available.min(address_space);
    }
    Some(available)
}

/// What the process's address-space limit (`ulimit -v`) still allows, in MiB.
#[cfg(target_os = "linux")]
fn address_space_left_mib() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit only writes the struct it is given.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } != 0
        || limit.rlim_cur == libc::RLIM_INFINITY
    {
        return None;
    }
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let used = status_field(&status, "VmSize:")? * 1024;
    Some(limit.rlim_cur.saturating_sub(used) / (1024 * 1024))
}

#[cfg(not(target_os = "linux"))]
fn address_space_left_mib() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_status_fields() {
        let text = "Name:\tx\nVmHWM:\t  2048 kB\nVmRSS:\t  1024 kB\n";
        assert_eq!(status_field(text, "VmRSS:"), Some(1024));
        assert_eq!(status_field(text, "VmHWM:"), Some(2048));
        assert_eq!(status_field(text, "VmSwap:"), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn this_process_and_the_machine_are_measured() {
        let me = Resident::of_self().expect("Linux has /proc/self/status");
        assert!(me.now_kib > 0 && me.peak_kib >= me.now_kib);
        assert!(available_mib().expect("Linux has /proc/meminfo") > 0);
    }
}
