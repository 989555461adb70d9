// C entry points of the OpenAclnn extensions (openaclnn/openaclnn.h). No logic here.
#include "openaclnn/openaclnn.h"

#define OPENACLNN_STRINGIFY_INNER(x) #x
#define OPENACLNN_STRINGIFY(x) OPENACLNN_STRINGIFY_INNER(x)

extern "C" {

const char* openaclnnGetVersion(void) {
  return OPENACLNN_STRINGIFY(OPENACLNN_VERSION_MAJOR) "." OPENACLNN_STRINGIFY(
      OPENACLNN_VERSION_MINOR) "." OPENACLNN_STRINGIFY(OPENACLNN_VERSION_PATCH);
}

}  // extern "C"
