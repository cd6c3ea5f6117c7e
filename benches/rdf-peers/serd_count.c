/* serd-count FILE: reads an N-Triples file with serd (the library of Debian's serdi, libserd-dev),
 * strict as serdi is by default, and writes nothing: each statement is counted and dropped.
 * serd 0.30 has no output syntax that writes nothing, and `serdi -o ntriples` spends more than a
 * quarter of its instructions writing; this is serdi's reader alone, the "nothing out" peer of
 * benches/rdf.sh. Prints the number of triples; exits 1 on the first error (serd prints it). */
#include <serd/serd.h>
#include <stdio.h>

static SerdStatus count(void* handle, SerdStatementFlags flags, const SerdNode* graph,
                        const SerdNode* subject, const SerdNode* predicate,
                        const SerdNode* object, const SerdNode* datatype,
                        const SerdNode* lang) {
  (void)flags, (void)graph, (void)subject, (void)predicate, (void)object, (void)datatype,
      (void)lang;
  ++*(unsigned long*)handle;
  return SERD_SUCCESS;
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fputs("usage: serd-count FILE (N-Triples, not compressed)\n", stderr);
    return 2;
  }
  unsigned long triples = 0;
  SerdReader* reader = serd_reader_new(SERD_NTRIPLES, &triples, NULL, NULL, NULL, count, NULL);
  serd_reader_set_strict(reader, true);
  SerdStatus status = serd_reader_read_file(reader, (const uint8_t*)argv[1]);
  serd_reader_free(reader);
  printf("%lu\n", triples);
  return status == SERD_SUCCESS ? 0 : 1;
}
