/*
 * OpenAclnn: shared macros of the aclnn operator headers. Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_UTIL_H_
#define OPENACLNN_ACLNNOP_ACLNN_UTIL_H_

#define ACLNN_API __attribute__((visibility("default")))

#endif /* OPENACLNN_ACLNNOP_ACLNN_UTIL_H_ */
