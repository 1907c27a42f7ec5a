/* Part of scale.cu, built only through the #include at its end: it uses
 * the includer's headers and macros. */
static void sync_scale(hipStream_t stream) {
  CHECK(hipStreamSynchronize(stream));
  static_assert(BLOCK > 0, "BLOCK comes from the build");
}
