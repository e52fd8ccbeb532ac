/*
 * cpu-of LOG TAG PROGRAM [ARGS...]: runs PROGRAM with this process's descriptors and, when it has ended, appends
 * one line to LOG: TAG, the program's name, its user and system CPU seconds and its peak resident memory in KB
 * (wait4's rusage, so every CPU second of the program is counted, to its last one). Exits as PROGRAM did.
 *
 * The render engine runs its tools through this only when RENDER_CPU_LOG names a log (the render bench's CPU
 * account, repositories/cpu-account.ts). The program dies with this process (a killed run leaves nothing
 * running), and a SIGTERM or SIGINT sent here is passed on to it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile pid_t child = 0;

static void pass_on(int sig) {
  if (child > 0) kill(child, sig);
}

static double seconds(struct timeval t) { return (double)t.tv_sec + (double)t.tv_usec / 1e6; }

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: cpu-of LOG TAG PROGRAM [ARGS...]\n");
    return 2;
  }
  pid_t self = getpid();
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  pid_t pid = fork();
  if (pid < 0) {
    fprintf(stderr, "cpu-of: fork: %s\n", strerror(errno));
    return 127;
  }
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != self) _exit(127);
    execvp(argv[3], argv + 3);
    fprintf(stderr, "cpu-of: %s: %s\n", argv[3], strerror(errno));
    _exit(127);
  }
  child = pid;
  signal(SIGTERM, pass_on);
  signal(SIGINT, pass_on);
  int status = 0;
  struct rusage use;
  while (wait4(pid, &status, 0, &use) < 0) {
    if (errno != EINTR) {
      fprintf(stderr, "cpu-of: wait: %s\n", strerror(errno));
      return 127;
    }
  }
  int log = open(argv[1], O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (log >= 0) {
    char line[1024];
    int n = snprintf(line, sizeof line, "%s\t%s\t%.3f\t%.3f\t%ld\n", argv[2], basename(argv[3]), seconds(use.ru_utime), seconds(use.ru_stime), use.ru_maxrss);
    if (n > 0 && n < (int)sizeof line && write(log, line, (size_t)n) != n) fprintf(stderr, "cpu-of: log: %s\n", strerror(errno));
    close(log);
  }
  if (WIFSIGNALED(status)) {
    signal(WTERMSIG(status), SIG_DFL);
    kill(self, WTERMSIG(status));
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
