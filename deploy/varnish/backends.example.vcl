# The site's instances, included by site.vcl as backends.vcl: copy this file to backends.vcl beside
# site.vcl (or on vcl_path) and name each instance.
backend instance_1 {
    .host = "127.0.0.1";
    .port = "3000";
}
backend instance_2 {
    .host = "127.0.0.1";
    .port = "3001";
}

sub vcl_init {
    new origin = directors.round_robin();
    origin.add_backend(instance_1);
    origin.add_backend(instance_2);
}
