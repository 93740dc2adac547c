/**
 * The seccomp filter every sandbox runs under (bubblewrap `--seccomp FD` installs it before the sandbox's program
 * starts): a classic BPF program, assembled here for x86_64 so no compiler or libseccomp is needed. It denies, with
 * EPERM, the system calls user code never needs and that widen the kernel's surface: debugging other processes,
 * mounts, kernel modules and kexec, the keyring, eBPF, namespaces, perf events, userfaultfd, io_uring, the
 * handle-based opens and the kernel log. personality stays allowed (some tools query it). Everything else is allowed (Python, numpy, pandas, pyarrow and pip need a wide set).
 * A program of another architecture (32-bit calls through int 0x80, the x32 ABI) is killed: its numbers differ,
 * so the table below would not hold for it. See docs/security.md, "A harder sandbox".
 */

/** x86_64 system call numbers (arch/x86/entry/syscalls/syscall_64.tbl) the filter denies. */
export const DENIED_SYSCALLS = {
  ptrace: 101,
  syslog: 103,
  pivot_root: 155,
  acct: 163,
  mount: 165,
  umount2: 166,
  swapon: 167,
  swapoff: 168,
  reboot: 169,
  init_module: 175,
  delete_module: 176,
  kexec_load: 246,
  add_key: 248,
  request_key: 249,
  keyctl: 250,
  unshare: 272,
  perf_event_open: 298,
  name_to_handle_at: 303,
  open_by_handle_at: 304,
  setns: 308,
  process_vm_readv: 310,
  process_vm_writev: 311,
  finit_module: 313,
  kexec_file_load: 320,
  bpf: 321,
  userfaultfd: 323,
  io_uring_setup: 425,
  io_uring_enter: 426,
  io_uring_register: 427,
  open_tree: 428,
  move_mount: 429,
  fsopen: 430,
  fsconfig: 431,
  fsmount: 432,
  fspick: 433,
  mount_setattr: 442,
} as const;

/** linux/audit.h: EM_X86_64 | __AUDIT_ARCH_64BIT | __AUDIT_ARCH_LE. */
export const AUDIT_ARCH_X86_64 = 0xc000003e;
/** x32 ABI calls carry this bit in their number (__X32_SYSCALL_BIT). */
export const X32_SYSCALL_BIT = 0x40000000;

/** linux/seccomp.h return actions. */
export const SECCOMP_RET_KILL_PROCESS = 0x80000000;
export const SECCOMP_RET_ERRNO = 0x00050000;
export const SECCOMP_RET_ALLOW = 0x7fff0000;
const EPERM = 1;

/** linux/filter.h opcodes: load a 32-bit word of seccomp_data, compare with a constant, return a constant. */
export const BPF = {
  LD_W_ABS: 0x20, // BPF_LD | BPF_W | BPF_ABS
  JEQ_K: 0x15, // BPF_JMP | BPF_JEQ | BPF_K
  JGE_K: 0x35, // BPF_JMP | BPF_JGE | BPF_K
  RET_K: 0x06, // BPF_RET | BPF_K
} as const;

/** struct seccomp_data: int nr at offset 0, __u32 arch at offset 4. */
const NR_OFFSET = 0;
const ARCH_OFFSET = 4;

/** One struct sock_filter: { __u16 code; __u8 jt; __u8 jf; __u32 k; } (jt/jf: instructions to skip). */
export interface Instruction {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

/** The filter as instructions: check the architecture, then each denied number, else allow. */
export function seccompProgram(denied: readonly number[] = Object.values(DENIED_SYSCALLS)): Instruction[] {
  const count = denied.length;
  // Layout: 0 ld arch · 1 jeq x86_64 · 2 ret kill · 3 ld nr · 4 jge x32 · 5..5+count-1 jeq nr · allow · deny.
  const allowAt = 5 + count;
  const denyAt = allowAt + 1;
  if (denyAt - 5 > 255) throw new Error('too many system calls for one jump');
  const program: Instruction[] = [
    { code: BPF.LD_W_ABS, jt: 0, jf: 0, k: ARCH_OFFSET },
    { code: BPF.JEQ_K, jt: 1, jf: 0, k: AUDIT_ARCH_X86_64 },
    { code: BPF.RET_K, jt: 0, jf: 0, k: SECCOMP_RET_KILL_PROCESS },
    { code: BPF.LD_W_ABS, jt: 0, jf: 0, k: NR_OFFSET },
    { code: BPF.JGE_K, jt: denyAt - 5, jf: 0, k: X32_SYSCALL_BIT },
  ];
  denied.forEach((nr, index) => {
    const at = 5 + index;
    program.push({ code: BPF.JEQ_K, jt: denyAt - (at + 1), jf: 0, k: nr });
  });
  program.push({ code: BPF.RET_K, jt: 0, jf: 0, k: SECCOMP_RET_ALLOW });
  program.push({ code: BPF.RET_K, jt: 0, jf: 0, k: SECCOMP_RET_ERRNO | EPERM });
  return program;
}

/** The program as the kernel (and bubblewrap's --seccomp) reads it: 8 bytes per instruction, little-endian. */
export function seccompBytes(program: Instruction[] = seccompProgram()): Buffer {
  const bytes = Buffer.alloc(program.length * 8);
  program.forEach(({ code, jt, jf, k }, index) => {
    bytes.writeUInt16LE(code, index * 8);
    bytes.writeUInt8(jt, index * 8 + 2);
    bytes.writeUInt8(jf, index * 8 + 3);
    bytes.writeUInt32LE(k >>> 0, index * 8 + 4);
  });
  return bytes;
}

/** Whether this machine runs the architecture the program is written for (else the sandbox runs without it). */
export const seccompSupported = () => process.arch === 'x64';
