from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render, resolve_url
from django.utils.http import url_has_allowed_host_and_scheme

from .forms import DisplayNameForm, SignUpForm


def sign_up(request):
    if request.user.is_authenticated:
        return redirect("lobby")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.shown_name}!")
        return redirect(_next_page(request))
    return render(request, "accounts/sign_up.html", {"form": form})


def _next_page(request):
    """Where ``next`` (posted, or in the address as the log-in page passes it) asks to go, if that
    is on this site (as Django's LoginView checks); otherwise the lobby."""
    target = request.POST.get("next", request.GET.get("next", ""))
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return target
    return resolve_url("lobby")


@login_required
def profile(request):
    form = DisplayNameForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Display name saved.")
        return redirect("profile")
    return render(request, "accounts/profile.html", {"form": form})
