/*
 * The progress line of a sweep (bench, check) on a terminal: a bar, runs
 * done, time spent and left (from the estimated work), and what runs now.
 */
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli.h"

void cli_clock(double s, char *buf, size_t len)
{
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, len, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else if (t >= 60)
        snprintf(buf, len, "%ldm%02lds", t / 60, t % 60);
    else
        snprintf(buf, len, "%lds", t);
}

static int term_width(void)
{
    struct winsize w;
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col >= 40)
        return w.ws_col;
    return 80;
}

void cli_progress_draw(cli_progress *b, int force)
{
    double now = tkmi_now();
    if (!b->tty || (!force && now - b->last_draw < 0.2))
        return;
    b->last_draw = now;
    double el = now - b->t0;
    double frac = b->work_total > 0 ? b->work_done / b->work_total
                : b->runs_total ? (double)b->runs_done / b->runs_total
                                : 0;
    if (frac > 1)
        frac = 1;
    char e[32], l[32] = "?", line[512], bar[31];
    cli_clock(el, e, sizeof e);
    if (frac > 0.01 && el > 1)
        cli_clock(el / frac - el, l, sizeof l);
    int fill = (int)(frac * 30);
    for (int i = 0; i < 30; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[30] = '\0';
    int n = snprintf(line, sizeof line, "[%s] %3.0f%% %zu/%zu runs, %s, "
                     "~%s left | %s", bar, 100 * frac, b->runs_done,
                     b->runs_total, e, l, b->current);
    int w = term_width() - 1;
    if (n > w)
        line[w] = '\0';
    fprintf(stderr, "\r%-*s", w, line);
    fflush(stderr);
}

void cli_progress_end(cli_progress *b)
{
    if (b->tty)
        fprintf(stderr, "\r%*s\r", term_width() - 1, "");
}
