/* words.h: split a command line into words by the shell's quoting rules,
 * with no expansion (tim -N runs the words without a shell).
 *
 * Blanks (space, tab, newline) separate words outside quotes. '...' keeps
 * everything literally; "..." keeps everything but a backslash before
 * $ ` " \ or a newline, which quotes that character (and drops a quoted
 * newline); outside quotes a backslash quotes the next character, and a
 * backslash-newline is dropped. '' and "" make an empty word. Nothing is
 * expanded: $x, *, ~ and ; are plain characters. Pure: no I/O. */
#ifndef QB_WORDS_H
#define QB_WORDS_H

/* The words of s as a NULL-terminated array; all of it is one malloc
 * block (free the array only). NULL with *why set ("unterminated '
 * quote", "unterminated \" quote", "no words", "out of memory"). */
char **words_split(const char *s, const char **why);

#endif
