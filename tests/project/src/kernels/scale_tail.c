/* Part of scale.cu, built only through the #include at its end: it uses
 * the includer's headers and macros. */
static void sync_scale(cudaStream_t stream) {
  CHECK(cudaStreamSynchronize(stream));
  static_assert(BLOCK > 0, "BLOCK comes from the build");
}
