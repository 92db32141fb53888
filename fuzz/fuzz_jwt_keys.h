/* Fixed key pairs of the JWT fuzz target (fuzz_jwt.c): they sign the fuzzed claims so that
 * the verifier gets past the signature to the claim checks, and their public halves are the
 * test JWKS. Throw-away test keys, made for this harness; nothing trusts them. */
#ifndef FUZZ_JWT_KEYS_H
#define FUZZ_JWT_KEYS_H

static const char FZ_EC_PEM[] =
    "-----BEGIN PRIVATE KEY-----\n"
    "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgo0c+2z91If3SUD6P\n"
    "4mof1lWF45gL16vbc3WeEoBozsehRANCAARlT60orDbRC66Q5uXORCiYcHNNSqrI\n"
    "BnZSBFJ/j1Z+Vk4ctwVQtk4TadtEYtk+j0KyGatocB/DTGviJEYMF9mn\n"
    "-----END PRIVATE KEY-----\n"
    ;
static const char FZ_RSA_PEM[] =
    "-----BEGIN PRIVATE KEY-----\n"
    "MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQCwa3RAuiydfdcE\n"
    "X1zDUPw+ojvrTE8NrG41tW0SXl0gDneY+XqPmaxcB6CmE8fh3ejAop6Y6jJq0L8Z\n"
    "XyNIuJy19QzRiPC78bBfpnDse6eK9dVNd7uktLw4fkN/XqSxk5GIlALO7hNTT7b2\n"
    "TzsbKTBsNSL5piP+zNvHF0ONTNNZ4KEJAg9sY5wSEHE87sIvLWuc3BRSa1ZUFysw\n"
    "P6K4oQ6PydHNFF+Q8xD0OBFRjlZ5u2S6QSFVjqoKoGq7vs0koGzvCawvv5qlLx6p\n"
    "F5dPuwBPFjKEdf1B4OjBgKRNNIm5F3RYs+hsMzVXs/nzZHyQ0kXTUBol8xccbYb/\n"
    "vp/MbS1HAgMBAAECggEAKwAl99jpIwIXNKOh0qGcug+FF1ckNar/ueucyEtj23pr\n"
    "QEgezX2he1UInTJZF/6kyr9YdOEwpMR4r9B2ozUMTXWLSE9ejhDc8pN5FssVDVPa\n"
    "R+WVQRIkhoiQHy2MaxQS9v1Mqe9xmm7lo6ewOnCRsu5Ithz+zQ5Vy3MqLfi50z/6\n"
    "0WI03DNNbosumnJc9NEXpVQrS0ay1XCZ7dup7QghTvi65mnkcBcxffN2Bfdb8/Qs\n"
    "T4Wp2LmHrR0beMTevpGKpMSNSsC+I3TWYBdO0ZMwU53uPEdU+KwA9TBFFakHEsSd\n"
    "7GyCpEih4fpdZvI5L+4PR3ZWg1VKA2Fs8wjTpt1eEQKBgQDxP+QyWG2Urq+eY0yc\n"
    "gINzghbT0cOjIR1rIo4/SKuGOGwBJO6vlA06Tyel6cIHbu1f0Ri0maOFgEc2OLJv\n"
    "j6MM0gkcsGEqoNLJ/rSzTVMHnJUwax8xHLmuLbq9LPqKE8Q29lOJvTphwBPwzEJk\n"
    "j0DNNf61+nwqzY+jZ22k33JebQKBgQC7NNPJjT5YIT6zq13ixUq8KRGXDVTwk58m\n"
    "KgBeRAv+4mAwYMldIi4nlwrHX0AEoNarRBcQCIA+G5BbfT3MM+Y/GD1EJ3tFKQM6\n"
    "hzrwbnQe7ClZHfYj74vpDLfLqIrSfNksouwhxZSQoC3YF5gLFjCXIsHEK8nJxvmT\n"
    "plOhJxsaAwKBgFe1xe5z7es3k4v/SDRCGQiezFPYmMsvV/XCi3sAnbPfwYys88aM\n"
    "Cj8f1idhFHUFZHIIoHXQwf3ghIN3G5Cp5TrdBgkTK1CHRfvAicwCmeRTjn4bBC0j\n"
    "53InGBR9TN10kEr3Ran3TUmKvvU2HhFXb9TsA53/4rLhJ47eJKPjxT4FAoGARJK3\n"
    "OU75lUKoOxv8igKGu6G3hcMmZ/FLDKm59M2sLzMw1Me/OtQ4X9wd4KXtR0S7HYUV\n"
    "hZP3lch2+mxH5LLmFhqE5qAnsU+ylQ/P8R4kfuc2xiQJc2RdtYIpGPqlzzBYRNdw\n"
    "83XyU3+5CzypPvZj2hirLXZ0teqipQj5/T/b140CgYANUjZ68oXlRQKaPYKAHzy/\n"
    "o9y4tDzA+vxIAWvwW0XLwPslSZ/92IosTqAH5zV3sKV6mUR07fZakTOzufaImCvV\n"
    "hhAD5kKgU+ZUY/zkbwZ5Y34EvcJerBTOb2rw78QkyHOapxjc1BHHdMXrHlx/7VAY\n"
    "GV3wRlY8WRB7kzXXkVOkMA==\n"
    "-----END PRIVATE KEY-----\n"
    ;

#endif
