/* Run einvoiced as a child process for the HTTP integration tests (see server_proc.h):
 * fresh database per server, free port, health wait, admin commands, stop/kill/restart. */
#define _GNU_SOURCE
#include "server_proc.h"
#include "http_client.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if defined(__has_include)
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#define SP_HAVE_PQ 1
#endif
#endif

extern char **environ;

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
}

static const char *server_bin(void)
{
    const char *b = getenv("EINV_SERVER_BIN");
    return b && *b ? b : "build/bin/einvoiced";
}

/* A port that was free a moment ago (bind to port 0 and read it back). */
static int free_port(int prefer)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0), port = 0, one = 1;
    struct sockaddr_in sa;
    socklen_t sl = sizeof sa;
    if (fd < 0)
        return 0;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    sa.sin_port = htons((unsigned short)prefer);
    if (bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0 && prefer) {
        sa.sin_port = 0;
        if (bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
            close(fd);
            return 0;
        }
    }
    if (getsockname(fd, (struct sockaddr *)&sa, &sl) == 0)
        port = ntohs(sa.sin_port);
    close(fd);
    return port;
}

int sp_pg_missing(void)
{
    const char *u = getenv("EINV_TEST_PG_URL");
    return !(u && *u);
}

#ifdef SP_HAVE_PQ
static int pg_exec(const char *url, const char *sql)
{
    PGconn *c = PQconnectdb(url);
    PGresult *r;
    int ok;
    if (PQstatus(c) != CONNECTION_OK) {
        fprintf(stderr, "server_proc: cannot connect to EINV_TEST_PG_URL: %s", PQerrorMessage(c));
        PQfinish(c);
        return -1;
    }
    r = PQexec(c, sql);
    ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    if (!ok)
        fprintf(stderr, "server_proc: %s: %s", sql, PQerrorMessage(c));
    PQclear(r);
    PQfinish(c);
    return ok ? 0 : -1;
}
#endif

/* url with its database name replaced by dbname (keeps user, host, port and ?params). */
static int pg_url_with_db(const char *url, const char *dbname, char *out, size_t size)
{
    const char *scheme = strstr(url, "://");
    const char *path, *query;
    int n;
    if (!scheme)
        return -1;
    path = strchr(scheme + 3, '/');
    query = strchr(scheme + 3, '?');
    if (query && path && path > query)
        path = NULL;
    if (!path)
        path = query ? query : url + strlen(url);
    n = snprintf(out, size, "%.*s/%s%s", (int)(path - url), url, dbname, query ? query : "");
    return n > 0 && (size_t)n < size ? 0 : -1;
}

int sp_init(sp_server_t *s, sp_db_kind kind)
{
    static int counter;
    const char *tmp = getenv("TMPDIR");
    memset(s, 0, sizeof *s);
    s->kind = kind;
    if (kind == SP_POSTGRES && sp_pg_missing()) {
        printf("skipped: EINV_TEST_PG_URL not set\n");
        return 1;
    }
    snprintf(s->dir, sizeof s->dir, "%s/einvtest-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(s->dir)) {
        fprintf(stderr, "server_proc: mkdtemp: %s\n", strerror(errno));
        return -1;
    }
    snprintf(s->log_path, sizeof s->log_path, "%s/server.log", s->dir);
    if (kind == SP_SQLITE) {
        snprintf(s->database, sizeof s->database, "sqlite:%s/einvoice.db", s->dir);
        return 0;
    }
#ifdef SP_HAVE_PQ
    {
        char sql[200];
        unsigned r = (unsigned)time(NULL) ^ ((unsigned)getpid() << 16) ^ (unsigned)rand();
        snprintf(s->pg_admin_url, sizeof s->pg_admin_url, "%s", getenv("EINV_TEST_PG_URL"));
        snprintf(s->pg_dbname, sizeof s->pg_dbname, "einvt_%d_%d_%08x", (int)getpid(),
                 __atomic_add_fetch(&counter, 1, __ATOMIC_SEQ_CST), r);
        snprintf(sql, sizeof sql, "CREATE DATABASE %s", s->pg_dbname);
        if (pg_exec(s->pg_admin_url, sql) != 0) {
            s->pg_dbname[0] = 0;
            return -1;
        }
        if (pg_url_with_db(s->pg_admin_url, s->pg_dbname, s->database, sizeof s->database) != 0) {
            fprintf(stderr, "server_proc: cannot use EINV_TEST_PG_URL %s\n", s->pg_admin_url);
            return -1;
        }
        return 0;
    }
#else
    fprintf(stderr, "server_proc: built without libpq\n");
    return -1;
#endif
}

static void free_env(sp_server_t *s)
{
    size_t i;
    for (i = 0; s->env && s->env[i]; i++)
        free(s->env[i]);
    free(s->env);
    s->env = NULL;
}

/* The child's environment: ours without EINV_*, then the fixed settings, then extra. */
static char **child_env(const sp_server_t *s)
{
    size_t n = 0, i, k = 0;
    char **e;
    const char *pd = getenv("EINV_TEST_PLUGIN_DIR");
    char buf[1400];
    for (i = 0; environ[i]; i++)
        n++;
    for (i = 0; s->env && s->env[i]; i++)
        n++;
    e = calloc(n + 8, sizeof *e);
    if (!e)
        return NULL;
    for (i = 0; environ[i]; i++)
        if (strncmp(environ[i], "EINV_", 5) != 0)
            e[k++] = strdup(environ[i]);
    snprintf(buf, sizeof buf, "EINV_LISTEN=127.0.0.1:%d", s->port);
    e[k++] = strdup(buf);
    snprintf(buf, sizeof buf, "EINV_DATABASE=%s", s->database);
    e[k++] = strdup(buf);
    if (pd && *pd) {
        snprintf(buf, sizeof buf, "EINV_PLUGIN_DIR=%s", pd);
        e[k++] = strdup(buf);
    }
    e[k++] = strdup("EINV_WORKERS=2");
    /* later entries override earlier ones: drop an earlier entry with the same name */
    for (i = 0; s->env && s->env[i]; i++) {
        const char *eq = strchr(s->env[i], '=');
        size_t nl = eq ? (size_t)(eq - s->env[i]) + 1 : strlen(s->env[i]);
        size_t j;
        for (j = 0; j < k; j++)
            if (e[j] && strncmp(e[j], s->env[i], nl) == 0) {
                free(e[j]);
                e[j] = strdup(s->env[i]);
                break;
            }
        if (j == k)
            e[k++] = strdup(s->env[i]);
    }
    e[k] = NULL;
    return e;
}

static void free_strv(char **v)
{
    size_t i;
    for (i = 0; v && v[i]; i++)
        free(v[i]);
    free(v);
}

/* fork+exec einvoiced with args; stdout to out_fd (or the log), stderr to the log. */
static pid_t spawn(const sp_server_t *s, const char *const *args, int out_fd)
{
    char **env = child_env(s);
    const char *argv[32];
    size_t i, n = 0;
    pid_t pid;
    int logfd;
    argv[n++] = server_bin();
    for (i = 0; args && args[i] && n < 31; i++)
        argv[n++] = args[i];
    argv[n] = NULL;
    logfd = open(s->log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    pid = fork();
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);   /* never outlive the test */
        if (logfd >= 0) {
            dup2(logfd, 2);
            dup2(out_fd >= 0 ? out_fd : logfd, 1);
        }
        execve(argv[0], (char *const *)argv, env);
        fprintf(stderr, "server_proc: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    if (logfd >= 0)
        close(logfd);
    free_strv(env);
    return pid;
}

int sp_start(sp_server_t *s, const char *const *env)
{
    int attempt;
    if (s->pid)
        sp_stop(s);
    if (env != SP_SAME_ENV) {
        size_t n = 0, i;
        free_env(s);
        while (env && env[n])
            n++;
        s->env = calloc(n + 1, sizeof *s->env);
        for (i = 0; s->env && i < n; i++)
            s->env[i] = strdup(env[i]);
    }
    for (attempt = 0; attempt < 3; attempt++) {
        int waited;
        s->port = free_port(s->port);
        if (!s->port) {
            fprintf(stderr, "server_proc: no free port\n");
            return -1;
        }
        s->pid = spawn(s, NULL, -1);
        if (s->pid < 0) {
            s->pid = 0;
            return -1;
        }
        for (waited = 0; waited < 30000; waited += 50) {
            hc_response_t r;
            int st;
            if (waitpid(s->pid, &st, WNOHANG) == s->pid) {
                s->pid = 0;
                break;  /* died: maybe the port was taken meanwhile; try another */
            }
            if (hc_request(s->port, "GET", "/api/health", NULL, NULL, 0, &r) == 200) {
                hc_response_free(&r);
                return 0;
            }
            hc_response_free(&r);
            sleep_ms(50);
        }
        if (s->pid) {
            fprintf(stderr, "server_proc: einvoiced did not become healthy within 30 s\n");
            sp_log_tail(s, 40);
            sp_kill(s);
            return -1;
        }
        s->port = 0;
    }
    fprintf(stderr, "server_proc: einvoiced exited during start-up\n");
    sp_log_tail(s, 40);
    return -1;
}

int sp_stop(sp_server_t *s)
{
    int st, waited;
    if (!s->pid)
        return -1;
    kill(s->pid, SIGTERM);
    for (waited = 0; waited < 15000; waited += 20) {
        pid_t p = waitpid(s->pid, &st, WNOHANG);
        if (p == s->pid) {
            s->pid = 0;
            if (WIFEXITED(st))
                return WEXITSTATUS(st);
            return -1;
        }
        sleep_ms(20);
    }
    fprintf(stderr, "server_proc: einvoiced ignored SIGTERM for 15 s; killing it\n");
    sp_kill(s);
    return -1;
}

void sp_kill(sp_server_t *s)
{
    int st;
    if (!s->pid)
        return;
    kill(s->pid, SIGKILL);
    waitpid(s->pid, &st, 0);
    s->pid = 0;
}

int sp_run(sp_server_t *s, const char *const *args, char *out, size_t out_size)
{
    int fds[2], st;
    size_t got = 0;
    pid_t pid;
    if (pipe2(fds, O_CLOEXEC) != 0)
        return -1;
    pid = spawn(s, args, fds[1]);
    close(fds[1]);
    if (pid < 0) {
        close(fds[0]);
        return -1;
    }
    for (;;) {
        char tmp[4096];
        ssize_t n = read(fds[0], tmp, sizeof tmp);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        if (out && out_size > 1 && got < out_size - 1) {
            size_t c = (size_t)n < out_size - 1 - got ? (size_t)n : out_size - 1 - got;
            memcpy(out + got, tmp, c);
            got += c;
        }
    }
    close(fds[0]);
    if (out && out_size)
        out[got] = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int sp_account_key(sp_server_t *s, const char *email, const char *plan, int super_admin,
                   int sandbox, long long quota, char key[SP_KEY_MAX])
{
    const char *a1[10] = {"admin", "create-account", "--email", email, "--plan",
                          plan ? plan : "FREE", NULL, NULL};
    const char *a2[12] = {"admin", "create-key", "--email", email, "--name", "test key"};
    char out[4096], qbuf[32], *line, *end;
    size_t n = 6;
    int rc;
    if (super_admin)
        a1[6] = "--super-admin";
    rc = sp_run(s, a1, out, sizeof out);
    if (rc != 0) {
        fprintf(stderr, "server_proc: create-account %s failed (%d): %s\n", email, rc, out);
        sp_log_tail(s, 10);
        return -1;
    }
    if (sandbox)
        a2[n++] = "--sandbox";
    if (quota >= 0) {
        snprintf(qbuf, sizeof qbuf, "%lld", quota);
        a2[n++] = "--quota";
        a2[n++] = qbuf;
    }
    a2[n] = NULL;
    rc = sp_run(s, a2, out, sizeof out);
    if (rc != 0) {
        fprintf(stderr, "server_proc: create-key %s failed (%d): %s\n", email, rc, out);
        sp_log_tail(s, 10);
        return -1;
    }
    /* the raw key is the last non-empty line */
    end = out + strlen(out);
    while (end > out && (end[-1] == '\n' || end[-1] == '\r' || end[-1] == ' '))
        *--end = 0;
    line = strrchr(out, '\n');
    line = line ? line + 1 : out;
    if (strlen(line) >= SP_KEY_MAX || strncmp(line, "svc_", 4) != 0) {
        fprintf(stderr, "server_proc: create-key printed no key: %s\n", out);
        return -1;
    }
    strcpy(key, line);
    return 0;
}

static char *read_log(const sp_server_t *s, size_t *len)
{
    FILE *f = fopen(s->log_path, "rb");
    char *buf = NULL;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        buf = malloc((size_t)n + 1);
        if (buf) {
            *len = fread(buf, 1, (size_t)n, f);
            buf[*len] = 0;
        }
    }
    fclose(f);
    return buf;
}

int sp_log_contains(const sp_server_t *s, const char *needle)
{
    size_t len = 0;
    char *buf = read_log(s, &len);
    int found = buf && memmem(buf, len, needle, strlen(needle)) != NULL;
    free(buf);
    return found;
}

void sp_log_tail(const sp_server_t *s, int lines)
{
    size_t len = 0;
    char *buf = read_log(s, &len);
    char *p;
    int seen = 0;
    if (!buf)
        return;
    p = buf + len;
    while (p > buf && seen <= lines) {
        p--;
        if (*p == '\n')
            seen++;
    }
    fprintf(stderr, "---- einvoiced log (%s) ----\n%s\n----\n", s->log_path, p);
    free(buf);
}

static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[600];
    if (!d)
        return;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    closedir(d);
    rmdir(dir);
}

void sp_cleanup(sp_server_t *s)
{
    const char *keep = getenv("EINV_TEST_KEEP");
    if (s->pid && sp_stop(s) == -1 && s->pid)
        sp_kill(s);
#ifdef SP_HAVE_PQ
    if (s->pg_dbname[0]) {
        char sql[200];
        snprintf(sql, sizeof sql, "DROP DATABASE IF EXISTS %s WITH (FORCE)", s->pg_dbname);
        pg_exec(s->pg_admin_url, sql);
        s->pg_dbname[0] = 0;
    }
#endif
    if (s->dir[0] && !(keep && *keep == '1'))
        remove_dir(s->dir);
    free_env(s);
}
