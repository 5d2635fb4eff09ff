from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

urlpatterns = [
    path("admin/", admin.site.urls),
    # Browsers and tools that read no page ask here for the site's icon; pages link it (base.html).
    path("favicon.ico", RedirectView.as_view(url=static("icons/favicon.svg"), permanent=True)),
    path("accounts/", include("accounts.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/", include("games.api.urls")),
    path("api/", include("reviews.api.urls")),
    path("api/", include("accounts.api.urls")),
    path("", include("reviews.urls")),
    path("", include("ratings.urls")),
    path("", include("games.urls")),
]

handler400 = "config.bad_request.bad_request"
