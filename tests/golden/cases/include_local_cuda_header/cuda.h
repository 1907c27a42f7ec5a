/* The project's own header, which happens to be called cuda.h. */
#pragma once
int project_helper(int x);
