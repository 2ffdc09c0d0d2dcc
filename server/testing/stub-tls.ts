/**
 * A self-signed certificate for 127.0.0.1 and localhost, for the local stub push service only:
 * web-push speaks HTTPS to every endpoint, so the stub does too, and the test's agent (or the
 * bench's NODE_EXTRA_CA_CERTS) trusts this one certificate. Never used by the server.
 */
export const stubTlsCert = `-----BEGIN CERTIFICATE-----
MIIBmzCCAUGgAwIBAgIUYdIGmglQwlyX8ouck8TTc+DymP0wCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyNDA3MDcyMFoYDzIxMjYxMDMx
MDcwNzIwWjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQI1TCiUCIdRWQuvhA8Dae68w9FqK3GONViCQCg25FEYi7aJ8KU9HFC
DVYoopZmWcX4DWOkf2bHF56VaIeHnz3go28wbTAdBgNVHQ4EFgQUYY0MVk1wutgk
len+aMxv32oCL2UwHwYDVR0jBBgwFoAUYY0MVk1wutgklen+aMxv32oCL2UwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
zj0EAwIDSAAwRQIgB/yFGLuIV7jyA2nhFvE1S2/NneCq688xAwDjJGsZM4UCIQD2
oEe7iSLk//RqCuK/udKa7k1y21WA1z/Se9rkE32tQQ==
-----END CERTIFICATE-----
`;

export const stubTlsKey = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgtdoNtbT0NyEg9rpQ
He+WpVx8asSSTk9KG8lm75BiHuuhRANCAAQI1TCiUCIdRWQuvhA8Dae68w9FqK3G
ONViCQCg25FEYi7aJ8KU9HFCDVYoopZmWcX4DWOkf2bHF56VaIeHnz3g
-----END PRIVATE KEY-----
`;
